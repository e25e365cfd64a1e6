#!/usr/bin/env python3
"""Blind set f14: computes every numeric expected value from closed forms
(CODATA 2018 constants) and prints it with its id.  If word-problems.jsonl,
lead.jsonl and off-topic.jsonl sit next to this file, it also checks them:
JSON validity, ids/counts/topics, word-problem values (4 significant figures),
and that every numeric alternative in a numeric lead `must` is a correct
rounding of the computed value (with at least one alternative good to 4 s.f.)."""
import json, math, os, re, sys
k = 8.9875517923e9; eps0 = 8.8541878128e-12; mu0 = 1.25663706212e-6
e = 1.602176634e-19; me = 9.1093837015e-31; mp = 1.67262192369e-27; c = 299792458.0
pi = math.pi; deg = math.degrees; rad = math.radians; sqrt = math.sqrt
sin = math.sin; cos = math.cos; tan = math.tan; asin = math.asin; atan = math.atan

# ---------------- lead.jsonl numeric answers (id -> value, SI; angles in deg; % as fraction)
LEAD = {
 "f14-l-02": k*5e-9/0.20,                        # V, 5 nC at 20 cm
 "f14-l-06": 3e-9/eps0,                          # N·m²/C, 3 nC inside a cube
 "f14-l-10": 5e-9/(2*pi*eps0*0.10),              # N/C, line 5 nC/m at 10 cm
 "f14-l-15": k*(2e-9)**2/(2*0.04)**2,            # N, 2 nC 4 cm above grounded plane
 "f14-l-19": mu0*10/(2*pi*0.05),                 # T, wire 10 A at 5 cm
 "f14-l-21": mp*3e6/(e*0.5),                     # m, proton 3e6 m/s in 0.5 T
 "f14-l-26": mu0*500*3/(2*pi*0.10),              # T, toroid N=500 I=3 A r=10 cm
 "f14-l-28": deg(asin(1/1.33)),                  # deg, critical angle water->air
 "f14-l-31": mu0*1000*2,                         # T, n=1000 /m, I=2 A
 "f14-l-33": 0.5*50e-3*4**2,                     # J, 50 mH at 4 A
 "f14-l-36": 300/c,                              # T, E0=300 V/m
 "f14-l-42": k*2e-6/0.30**2,                     # N/C, 2 uC at 30 cm
 "f14-l-49": mu0*5/(2*0.10),                     # T, loop centre R=10 cm I=5 A
 "f14-l-52": mu0*6/(2*pi*3e-3),                  # T, coax between conductors r=3 mm I=6 A
 "f14-l-56": 0.2*3/0.05,                         # V, L=0.2 H, 3 A -> 0 in 0.05 s
 "f14-l-59": deg(atan(1.5)),                     # deg, Brewster n=1.5
 "f14-l-60": ((1.5-1)/(1.5+1))**2,               # fraction (4 %), normal incidence glass
}

# ---------------- word problems (id -> list of expected values, SI, degrees) -------
def loop_axis(N, I, R, z): return mu0*N*I*R*R/(2*(R*R+z*z)**1.5)
def snell(n1, n2, th): return deg(asin(n1*sin(rad(th))/n2))
def Rs(n1, n2, th):
    ti = rad(th); tt = asin(n1*sin(ti)/n2)
    r = (n1*cos(ti)-n2*cos(tt))/(n1*cos(ti)+n2*cos(tt)); return r*r
# en-01: two +4 nC at x=±3 cm, point (0, 4 cm): r = 5 cm
_r01 = sqrt(0.03**2+0.04**2)
# en-08: electron through 500 V, then 2.0 mT
_v08 = sqrt(2*e*500/me)
# en-14 solenoid: l=0.40 m, N=1200, radius 1.5 cm, I=2.5 A
_L14 = mu0*1200**2*pi*0.015**2/0.40
# en-18 laser 5.0 mW, diameter 1.2 mm
_I18 = 5e-3/(pi*0.6e-3**2); _E18 = sqrt(2*_I18/(c*eps0))
# en-20 air->n=1.45 at 60 deg
# zh-06 coax a=1 mm, b=4 mm, c=5 mm, I=10 A
_Ienc06 = 10*(1-(4.5**2-4**2)/(5**2-4**2))
# zh-07 rotating coil
# zh-10 Brewster n=1.52
_thB = deg(atan(1.52))
WP = {
 # EN
 "f14-wp-en-01": [2*(k*4e-9/_r01**2)*(0.04/_r01), 2*k*4e-9/_r01],
 "f14-wp-en-02": [k*e**2/0.0529e-9**2, sqrt(k*e**2/(me*0.0529e-9))],
 "f14-wp-en-03": [k*(2e-6)**2/(4*0.10)],
 "f14-wp-en-04": [k*12e-9*0.03/0.08**3, k*12e-9/0.20**2],
 "f14-wp-en-05": [-3e-9, -2e-9, k*2e-9/0.10**2],
 "f14-wp-en-06": [(5e-6-2e-6)/(2*eps0), (5e-6+2e-6)/(2*eps0)],
 "f14-wp-en-07": [6.2e-30*2e5*sin(rad(30)), -6.2e-30*2e5*cos(rad(30))],
 "f14-wp-en-08": [_v08, me*_v08/(e*2e-3)],
 "f14-wp-en-09": [6.0*0.35*0.80*sin(rad(40))],
 "f14-wp-en-10": [mu0*15*25/(2*pi*0.08), mu0*(15+25)/(2*pi*0.04)],
 "f14-wp-en-11": [mu0*25*1.5/(2*0.04), loop_axis(25, 1.5, 0.04, 0.03)],
 "f14-wp-en-12": [mu0*12*1.5e-3/(2*pi*(2e-3)**2), mu0*12/(2*pi*5e-3)],
 "f14-wp-en-13": [mu0*800*0.60/(2*pi*0.10), mu0*800*0.60/(2*pi*0.14)],
 "f14-wp-en-14": [mu0*(1200/0.40)*2.5, _L14, 0.5*_L14*2.5**2],
 "f14-wp-en-15": [150*40e-4*(0.60-0.10)/25e-3, 150*40e-4*(0.60-0.10)/25e-3/3.0],
 "f14-wp-en-16": [0.45*0.20*3.0, 0.45*0.20*3.0/1.5, (0.45*0.20*3.0/1.5)*0.20*0.45],
 "f14-wp-en-17": [eps0*pi*0.04**2*2e6/1.5e-3, mu0*eps0*(2e6/1.5e-3)*0.02/2],
 "f14-wp-en-18": [_I18, _E18, _E18/c],
 "f14-wp-en-19": [deg(asin(1.33/1.60)), deg(atan(1.33/1.60))],
 "f14-wp-en-20": [snell(1.0, 1.45, 60), Rs(1.0, 1.45, 60)],
 # ZH
 "f14-wp-zh-01": [e*1000, sqrt(2*e*1000/me)],
 "f14-wp-zh-02": [2e-6*0.01/(2*eps0), 2e-6*0.03**2/(2*eps0*0.06)],
 "f14-wp-zh-03": [k*(8e-9)**2/(2*0.05)**2, -8e-9/(2*pi*0.05**2)],
 "f14-wp-zh-04": [4*mu0*2/(4*pi*0.05)*2*sin(rad(45))],
 "f14-wp-zh-05": [e*2e6*0.3, 2*pi*mp/(e*0.3)],
 "f14-wp-zh-06": [mu0*10/(2*pi*2e-3), mu0*_Ienc06/(2*pi*4.5e-3)],
 "f14-wp-zh-07": [100*0.5*0.02*2*pi*50],
 "f14-wp-zh-08": [mu0*2000*3, (mu0*2000*3)**2/(2*mu0)],
 "f14-wp-zh-09": [c/2.45e9, c/2.45e9/sqrt(9), c/sqrt(9)],
 "f14-wp-zh-10": [_thB, 90-_thB, Rs(1.0, 1.52, _thB)],
}

TOPICS = {"ampere-law", "electrostatics", "em-waves-fdtd", "fresnel-equations",
          "gauss-law", "laplace-equation", "magnetostatics", "solenoids"}

def sig_digits(v, n):
    return f"{abs(v):.{n-1}e}".split("e")[0].replace(".", "")

def alt_ok(alt, v):
    """None if alt has no number; else (consistent, accurate_to_4sf)."""
    if "π" in alt or "pi" in alt.lower(): return None
    m = re.search(r"\d+(?:\.\d+)?", alt)
    if not m: return None
    s = m.group(0)
    d = s.replace(".", "").lstrip("0") if "." in s else s.lstrip("0").rstrip("0")
    if not d: return None
    n = len(d)
    good = d == sig_digits(v, n)
    acc = good and abs(float(f"{abs(v):.{n-1}e}") - abs(v)) <= 5e-4*abs(v)
    return good, acc

def load(name):
    rows = []
    for ln, l in enumerate(open(os.path.join(here, name), encoding="utf-8"), 1):
        if l.strip():
            try: rows.append(json.loads(l))
            except Exception as ex: print(f"BAD JSON {name}:{ln}: {ex}"); rows.append(None)
    return rows

if __name__ == "__main__":
    for i, v in LEAD.items(): print(f"{i:14s} {v:.6g}")
    for i, vs in WP.items(): print(f"{i:14s} " + "  ".join(f"{v:.6g}" for v in vs))
    here = os.path.dirname(os.path.abspath(__file__)); bad = 0
    # word problems
    p = os.path.join(here, "word-problems.jsonl")
    if os.path.exists(p):
        rows = load("word-problems.jsonl"); ids = [r["id"] for r in rows]
        want_ids = [f"f14-wp-en-{i:02d}" for i in range(1, 21)] + [f"f14-wp-zh-{i:02d}" for i in range(1, 11)]
        if ids != want_ids: print("WP ids/order mismatch"); bad += 1
        for r in rows:
            got = [x["value"] for x in r["expect"]]; want = WP[r["id"]]
            ok = len(got) == len(want) and all(abs(g-w) <= 5e-4*abs(w) for g, w in zip(got, want))
            ok = ok and all(set(x) == {"value", "unit"} for x in r["expect"])
            if not ok: print("WP MISMATCH", r["id"], got, want); bad += 1
        print(f"word-problems: {len(rows)} rows checked")
    # lead
    p = os.path.join(here, "lead.jsonl")
    if os.path.exists(p):
        rows = load("lead.jsonl"); ids = [r["id"] for r in rows]
        if ids != [f"f14-l-{i:02d}" for i in range(1, 61)]: print("lead ids/order mismatch"); bad += 1
        for r in rows:
            if r["topic"] not in TOPICS: print("bad topic", r["id"], r["topic"]); bad += 1
            if not (isinstance(r["must"], list) and r["must"] and all(isinstance(m, str) and m.strip() for m in r["must"])):
                print("bad must", r["id"]); bad += 1
            for m in r["must"]:
                if any(not a.strip() for a in m.split("|")): print("empty alternative", r["id"]); bad += 1
        byid = {r["id"]: r for r in rows}
        for i, v in LEAD.items():
            alts = byid[i]["must"][0].split("|"); anyacc = False
            for a in alts:
                res = alt_ok(a, v)
                if res is None: continue
                if not res[0]: print("LEAD alt inconsistent", i, repr(a), f"{v:.6g}"); bad += 1
                anyacc = anyacc or res[1]
            if not anyacc: print("LEAD no 4-s.f. alternative", i); bad += 1
        zh = sum(1 for r in rows if re.search(r"[\u4e00-\u9fff]", r["q"]))
        print(f"lead: {len(rows)} rows checked ({zh} Chinese), {len(LEAD)} numeric")
    # off-topic
    p = os.path.join(here, "off-topic.jsonl")
    if os.path.exists(p):
        rows = load("off-topic.jsonl"); ids = [r["id"] for r in rows]
        want_ids = [f"f14-off-en-{i:02d}" for i in range(1, 41)] + [f"f14-off-zh-{i:02d}" for i in range(1, 21)]
        if ids != want_ids: print("off-topic ids/order mismatch"); bad += 1
        if len({r["q"] for r in rows}) != len(rows): print("duplicate off-topic q"); bad += 1
        print(f"off-topic: {len(rows)} rows checked")
    print("ALL OK" if bad == 0 else f"{bad} PROBLEM(S)")
    sys.exit(1 if bad else 0)
