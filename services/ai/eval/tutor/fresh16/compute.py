#!/usr/bin/env python3
"""Blind16 evaluation set: computes every numeric expected value from closed forms
(CODATA 2018 constants) and prints it with its id.  If word-problems.jsonl and
lead.jsonl sit next to this file, it also checks them (WP to 4 significant figures,
lead numeric alternatives at their own significant figures)."""
import json, math, os, re, sys
k = 8.9875517923e9; eps0 = 8.8541878128e-12; mu0 = 1.25663706212e-6
e = 1.602176634e-19; me = 9.1093837015e-31; mp = 1.67262192369e-27; c = 299792458.0
pi = math.pi; deg = math.degrees; rad = math.radians; sqrt = math.sqrt
eta0 = mu0*c

# ---------------- lead.jsonl numeric answers (id -> value, SI unless noted) --------
LEAD = {
 "f16-l-02": k*(4e-9)**2/0.02**2,                    # N, two +4 nC at 2 cm
 "f16-l-05": k*5e-9/0.20,                            # V, 5 nC at 20 cm
 "f16-l-08": sqrt(2*e*1000/me),                      # m/s, electron through 1000 V
 "f16-l-11": 5e-9/(2*pi*eps0*0.03),                  # N/C, line 5 nC/m at 3 cm
 "f16-l-14": 2e-6/(2*eps0),                          # N/C, sheet 2 uC/m^2
 "f16-l-19": k*(2e-9)**2/(2*0.01)**2,                # N, 2 nC 1 cm above grounded plane
 "f16-l-24": mu0*12/(2*pi*0.04),                     # T, wire 12 A at 4 cm
 "f16-l-26": mp*3e6/(e*0.5),                         # m, proton 3e6 m/s in 0.5 T
 "f16-l-31": mu0*2/(2*0.05),                         # T, loop centre R=5 cm I=2 A
 "f16-l-34": mu0*500*3/(2*pi*0.10),                  # T, toroid N=500 I=3 A r=10 cm
 "f16-l-36": mu0*50/2,                               # T, current sheet K=50 A/m
 "f16-l-39": mu0*1000*2,                             # T, solenoid n=1000/m I=2 A
 "f16-l-43": 0.5*0.050*4**2,                         # J, 50 mH at 4 A
 "f16-l-44": 100*0.03/0.02,                          # V, 100 turns, 0.03 Wb in 0.02 s
 "f16-l-46": 0.6/c,                                  # T, E0 = 0.6 V/m
 "f16-l-47": sqrt(2*1000/(c*eps0)),                  # V/m, I = 1000 W/m^2 (peak)
 "f16-l-49": 1e-3/c,                                 # s, 1D Courant dx = 1 mm
 "f16-l-55": deg(math.asin(1/2.42)),                 # deg, critical angle diamond
 "f16-l-56": deg(math.asin(math.sin(rad(60))/1.5)),  # deg, refraction air->1.5 at 60
 "f16-l-58": 100*((1.5-1)/(1.5+1))**2,               # %, normal incidence R glass
}

# ---------------- word problems (id -> list of expected values, SI, degrees) -------
def ring_axis(Q, R, z): return k*Q*z/(R*R+z*z)**1.5
def loop_axis(N, I, R, z): return mu0*N*I*R*R/(2*(R*R+z*z)**1.5)
def fresnel_s(n1, n2, ti):
    tt = math.asin(n1*math.sin(ti)/n2)
    a, b = n1*math.cos(ti), n2*math.cos(tt)
    return ((a-b)/(a+b))**2
_I17 = 5e-3/(pi*(1e-3)**2)
_E17 = sqrt(2*_I17/(c*eps0))
_L14 = mu0*500**2*(pi*0.01**2)/0.25
_B_Z09 = mu0*3000*1.5
_Ic10 = 2*0.08*0.50e-3/(mu0*25)
_Itor = 2.0e-3*2*pi*0.06/(mu0*600)
_thB = math.atan(1.52)
WP = {
 # EN
 "f16-wp-en-01": [2*k*3e-9/0.05**2*(3/5), 2*k*3e-9/0.05, 1e-9*2*k*3e-9/0.05],
 "f16-wp-en-02": [200/0.015, sqrt(2*e*200/me), 2*0.015/sqrt(2*e*200/me)],
 "f16-wp-en-03": [k*12e-9*0.02/0.06**3, k*12e-9/0.06**2, k*12e-9/0.15**2],
 "f16-wp-en-04": [-5e-9, 0.0, k*5e-9/0.10**2],
 "f16-wp-en-05": [eps0*0.0200/1.5e-3, eps0*0.0200/1.5e-3*12, 0.5*eps0*0.0200/1.5e-3*12**2],
 "f16-wp-en-06": [k*(8e-9)**2/(2*0.05)**2, 8e-9/(2*pi*0.05**2)],
 "f16-wp-en-07": [2e-5*(4e-3)**2/(8*eps0), 2e-5*4e-3/(2*eps0)],
 "f16-wp-en-08": [mu0*(15+25)/(2*pi*0.05), mu0*15*25/(2*pi*0.10)],
 "f16-wp-en-09": [_Ic10, loop_axis(25, _Ic10, 0.08, 0.06)],
 "f16-wp-en-10": [mu0*8*1e-3/(2*pi*(1.5e-3)**2), mu0*8/(2*pi*4e-3), 0.0],
 "f16-wp-en-11": [_Itor, mu0*600*_Itor/(2*pi*0.05)],
 "f16-wp-en-12": [mu0*(500/0.25)*3, _L14, 0.5*_L14*3**2, _L14*3/5e-3],
 "f16-wp-en-13": [150*0.30*(0.10*0.20)*2*pi*50, 150*0.30*(0.10*0.20)*2*pi*50/sqrt(2)],
 "f16-wp-en-14": [0.80*0.40*2.5, 0.80*0.40*2.5/2.0, (0.80*0.40*2.5/2.0)*0.40*0.80],
 "f16-wp-en-15": [_I17, _E17, _E17/sqrt(2), _E17/c],
 "f16-wp-en-16": [5e-4/(c*sqrt(2)), (c/30e9)/5e-4],
 "f16-wp-en-17": [deg(_thB), 90-deg(_thB), fresnel_s(1.0, 1.52, _thB)],
 "f16-wp-en-18": [deg(math.asin(1.46/1.48)), sqrt(1.48**2-1.46**2), deg(math.asin(sqrt(1.48**2-1.46**2)))],
 # ZH
 "f16-wp-zh-01": [k*2e-9/0.10**2*(sqrt(2)+0.5), k*2e-9*(2/0.10 + 1/(sqrt(2)*0.10))],
 "f16-wp-zh-02": [ring_axis(5e-9, 0.04, 0.03), k*5e-9/sqrt(0.04**2+0.03**2)],
 "f16-wp-zh-03": [3e-6*0.01/(2*eps0), 3e-6*0.02**2/(2*eps0*0.05)],
 "f16-wp-zh-04": [(10+20+0+30)/4, (10+20+0+30 + 0.01**2*1.0e-8/eps0)/4],
 "f16-wp-zh-05": [-6e-9*0.10/0.30, 0.10**2/0.30, k*6e-9*(6e-9*0.10/0.30)/(0.30-0.10**2/0.30)**2],
 "f16-wp-zh-06": [me*4e6/(e*2e-3), 2*pi*me/(e*2e-3), 2*pi*me/(e*2e-3)],
 "f16-wp-zh-07": [mu0*10/(4*0.05), mu0*10/(2*0.05), 10*pi*0.05**2],
 "f16-wp-zh-08": [mu0*200, 0.0],
 "f16-wp-zh-09": [_B_Z09, _B_Z09**2/(2*mu0), _B_Z09**2/(2*mu0)*4e-4*0.40],
 "f16-wp-zh-10": [c/2, c/2/100e6, eta0/2],
 "f16-wp-zh-11": [c*eps0*50**2, sqrt(2)*50/c],
 "f16-wp-zh-12": [deg(math.asin(1/1.33)), deg(math.asin(1.33*math.sin(rad(30)))), ((1.33-1)/(1.33+1))**2],
}

# ---------------- checks -----------------------------------------------------------
def sig_ok(alt_num, value):
    """alt_num (string of digits) agrees with value at alt's own significant figures,
    ignoring the power of ten (prefixes, x10^n, % are allowed)."""
    if '.' in alt_num:
        d = alt_num.replace('.', '').lstrip('0')
    else:
        d = alt_num.lstrip('0').rstrip('0')
    sf = max(1, len(d))
    x = float(alt_num)
    if x == 0 or value == 0:
        return x == 0 and value == 0
    ma = f"{x:.{sf-1}e}".split('e')[0]
    mv = f"{abs(value):.{sf-1}e}".split('e')[0]
    return ma == mv

def cjk(s): return any('\u4e00' <= ch <= '\u9fff' for ch in s)

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for i, v in LEAD.items(): print(f"{i:14s} {v:.6g}")
    for i, vs in WP.items(): print(f"{i:14s} " + ", ".join(f"{v:.6g}" for v in vs))
    bad = 0
    TOPICS = {"electrostatics", "gauss-law", "laplace-equation", "magnetostatics",
              "ampere-law", "solenoids", "em-waves-fdtd", "fresnel-equations"}
    p = os.path.join(here, "lead.jsonl")
    if os.path.exists(p):
        rows = [json.loads(l) for l in open(p, encoding="utf-8") if l.strip()]
        ids = [r["id"] for r in rows]
        assert len(ids) == len(set(ids)), "duplicate lead ids"
        nz = sum(cjk(r["q"]) for r in rows)
        print(f"lead: {len(rows)} rows, {len(rows)-nz} EN, {nz} ZH, topics {sorted(set(r['topic'] for r in rows))}")
        if len(rows) != 60 or nz != 30: print("FAIL lead counts"); bad += 1
        for r in rows:
            if not r["id"].startswith("f16-"): print("FAIL id", r["id"]); bad += 1
            if r["topic"] not in TOPICS: print("FAIL topic", r["id"], r["topic"]); bad += 1
            if not r["must"] or any(not g.strip() or '||' in g or g.startswith('|') or g.endswith('|') for g in r["must"]):
                print("FAIL must", r["id"]); bad += 1
        missing = set(TOPICS) - set(r["topic"] for r in rows)
        if missing: print("FAIL missing topics", missing); bad += 1
        byid = {r["id"]: r for r in rows}
        nnum = 0
        for i, v in LEAD.items():
            if i not in byid: print("FAIL lead id missing", i); bad += 1; continue
            alts = byid[i]["must"][0].split('|')
            if not any(re.search(r'\d', a) for a in alts):
                print("FAIL lead", i, "first must group has no numeric alternative"); bad += 1
            for a in alts:
                m = re.search(r'\d+(?:\.\d+)?', a)
                if not m: continue
                nnum += 1
                if not sig_ok(m.group(0), v):
                    print(f"FAIL lead {i}: alternative {a!r} vs {v:.6g}"); bad += 1
        print(f"lead numeric: {len(LEAD)} items, {nnum} numeric alternatives checked")
    p = os.path.join(here, "word-problems.jsonl")
    if os.path.exists(p):
        rows = [json.loads(l) for l in open(p, encoding="utf-8") if l.strip()]
        nz = sum(cjk(r["q"]) for r in rows)
        print(f"word problems: {len(rows)} rows, {len(rows)-nz} EN, {nz} ZH")
        if len(rows) != 30 or nz != 12: print("FAIL wp counts"); bad += 1
        for r in rows:
            want = WP.get(r["id"])
            if want is None: print("FAIL wp id not computed", r["id"]); bad += 1; continue
            got = [x["value"] for x in r["expect"]]
            if len(got) != len(want): print("FAIL wp count", r["id"]); bad += 1; continue
            for g, w in zip(got, want):
                if (w == 0 and g != 0) or (w != 0 and f"{g:.3e}" != f"{w:.3e}"):
                    print(f"FAIL wp {r['id']}: {g} vs {w:.6g}"); bad += 1
        if set(WP) - set(r["id"] for r in rows): print("FAIL wp rows missing", set(WP) - set(r["id"] for r in rows)); bad += 1
    p = os.path.join(here, "off-topic.jsonl")
    if os.path.exists(p):
        rows = [json.loads(l) for l in open(p, encoding="utf-8") if l.strip()]
        nz = sum(cjk(r["q"]) for r in rows)
        print(f"off-topic: {len(rows)} rows, {len(rows)-nz} EN, {nz} ZH")
        if len(rows) != 60 or nz != 30 or len({r['id'] for r in rows}) != 60: print("FAIL off-topic counts"); bad += 1
    print("ALL CHECKS PASSED" if not bad else f"{bad} CHECK(S) FAILED")
    return 1 if bad else 0

if __name__ == "__main__":
    sys.exit(main())
