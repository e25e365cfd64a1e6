#!/usr/bin/env python3
"""Blind set f15: computes every numeric expected value from closed forms
(CODATA 2018 constants) and prints it with its id.  If word-problems.jsonl,
lead.jsonl and off-topic.jsonl sit next to this file, it also checks them
(word problems to 4 significant figures; lead numeric alternatives must agree
with the value at their own number of significant figures)."""
import json, math, os, re, sys
k = 8.9875517923e9; eps0 = 8.8541878128e-12; mu0 = 1.25663706212e-6
e = 1.602176634e-19; me = 9.1093837015e-31; mp = 1.67262192369e-27; c = 299792458.0
pi = math.pi; deg = math.degrees; rad = math.radians; sqrt = math.sqrt

# ---------------- lead.jsonl numeric answers (id -> value, SI) --------------------
LEAD = {
 "f15-l-02": k*5e-9/0.20**2,                          # N/C, 5 nC at 20 cm
 "f15-l-05": k*2e-6*4e-6/0.10,                        # J, bring 2 uC to 10 cm of 4 uC
 "f15-l-12": 3e-9/(2*pi*eps0*0.10),  # N/C, line 3 nC/m at 10 cm (ZH)
 "f15-l-10": (3e-9 - 1e-9)/eps0,                      # N·m²/C, 3 nC and -1 nC enclosed
 "f15-l-20": (10+20+30+40)/4,                         # V, finite-difference average
 "f15-l-23": mu0*12/(2*pi*0.05),                      # T, wire 12 A at 5 cm
 "f15-l-26": e*3e5*0.2,                               # N, proton 3e5 m/s in 0.2 T
 "f15-l-30": mu0*2/(2*0.05),                          # T, loop centre R=5 cm I=2 A (ZH)
 "f15-l-34": mu0*500*3/(2*pi*0.10),                   # T, toroid N=500 I=3 A r=10 cm
 "f15-l-44": 100*0.04/0.2,                            # V, 100 turns, dPhi=0.04 Wb in 0.2 s (ZH)
 "f15-l-48": c/2.4e9,                                 # m, 2.4 GHz in vacuum
 "f15-l-51": 1e-3/(c*sqrt(3)),                        # s, 3D Courant limit dx=1 mm
 "f15-l-55": deg(math.asin(1/1.5)),                   # deg, critical angle n=1.5
 "f15-l-58": ((1.5-1)/(1.5+1))**2,                    # dimensionless (4 %), normal-incidence R glass
 "f15-l-60": deg(math.asin(1/1.33)),                  # deg, critical angle water->air (ZH)
}

# ---------------- word problems (id -> list of expected values, SI, degrees) -------
def ring_axis(Q, R, z): return k*Q*z/(R*R+z*z)**1.5
def loop_axis(N, I, R, z): return mu0*N*I*R*R/(2*(R*R+z*z)**1.5)
def finite_wire(I, d, L): return mu0*I/(4*pi*d)*2*(L/2)/sqrt((L/2)**2+d*d)   # on perpendicular bisector
_Iw = 5e-3/(pi*1e-3**2)                                # laser intensity, 5 mW over 2 mm diameter
_E0 = sqrt(2*_Iw/(c*eps0))
_L16 = mu0*600**2*(pi*0.015**2)/0.25
_Ienc15 = 10*(3.5**2-2**2)/(5**2-2**2)
_nB = 1.5; _thB = math.atan(_nB)
_v8 = c/sqrt(2.25)
_B7 = mu0*2000*1.5
WP = {
 # EN
 "f15-wp-en-01": [2*k*3e-9/0.25**2*(0.15/0.25), 2*k*3e-9/0.25],
 "f15-wp-en-02": [150/0.02, sqrt(2*e*150/me)],
 "f15-wp-en-03": [ring_axis(15e-9, 0.08, 0.06), k*15e-9/sqrt(0.08**2+0.06**2)],
 "f15-wp-en-04": [k*8e-9*0.02/0.05**3, k*8e-9/0.10**2],
 "f15-wp-en-05": [-5e-9, 5e-9, 0.0, k*5e-9/0.10**2],
 "f15-wp-en-06": [(3e-6-1e-6)/(2*eps0), (3e-6+1e-6)/(2*eps0)],
 "f15-wp-en-07": [k*(6e-9)**2/(2*0.04)**2, 2*k*6e-9/0.04**2, 6e-9/(2*pi*0.04**2)],
 "f15-wp-en-08": [mu0*(8+12)/(2*pi*0.05), mu0*8*12/(2*pi*0.10)],
 "f15-wp-en-09": [2*sqrt(2)*mu0*3/(pi*0.20)],
 "f15-wp-en-10": [mu0*50*1.5/(2*0.04), loop_axis(50, 1.5, 0.04, 0.03)],
 "f15-wp-en-11": [6.64e-27*2e6/(2*e*0.5), 2*pi*6.64e-27/(2*e*0.5)],
 "f15-wp-en-12": [3e4/0.060, mp*(3e4/0.060)/(e*0.060)],
 "f15-wp-en-13": [0.50*4.0*0.25*math.sin(rad(60))],
 "f15-wp-en-14": [100*0.20*0.05*0.08, 100*0.20*0.05*0.08*0.40*math.sin(rad(60))],
 "f15-wp-en-15": [0.0, mu0*_Ienc15/(2*pi*0.0035), mu0*10/(2*pi*0.008)],
 "f15-wp-en-16": [_L16, _L16*3.0/0.012],
 "f15-wp-en-17": [0.30*0.40*2.5, 0.30*0.40*2.5/1.5, (0.30*0.40*2.5/1.5)*0.40*0.30],
 "f15-wp-en-18": [200*0.15*0.010*2*pi*60],
 "f15-wp-en-19": [_Iw, _E0, _E0/c],
 "f15-wp-en-20": [deg(math.asin(1.33/1.52)), deg(math.asin(1.52*math.sin(rad(40))/1.33)), deg(math.atan(1.33/1.52))],
 # ZH
 "f15-wp-zh-01": [0.20, k*(4e-9/0.20 - 9e-9/0.30)],
 "f15-wp-zh-02": [2e-6*0.01/(2*eps0), 2e-6*0.03**2/(2*eps0*0.06)],
 "f15-wp-zh-03": [finite_wire(4.0, 0.08, 0.30)],
 "f15-wp-zh-04": [mu0*800*0.5/(2*pi*0.09), 0.0],
 "f15-wp-zh-05": [0.20, mu0*0.20*0.05/(2*pi*0.10**2), mu0*0.20/(2*pi*0.15)],
 "f15-wp-zh-06": [100*pi*0.05**2*0.02, 100*pi*0.05**2*0.02/2.0],
 "f15-wp-zh-07": [_B7, _B7**2/(2*mu0), _B7**2/(2*mu0)*4e-4*0.5],
 "f15-wp-zh-08": [_v8, _v8/500e6, 60/_v8],
 "f15-wp-zh-09": [deg(_thB), 90-deg(_thB), ((1-_nB**2)/(1+_nB**2))**2],
 "f15-wp-zh-10": [0.5e-3/c, c/(20*0.5e-3)],
}

def sigdigits(s):
    d = re.sub(r"[^0-9]", "", s).lstrip("0")
    return d
def rounded(v, n): return sigdigits(f"{abs(v):.{n-1}e}".split("e")[0])
def truncated(v, n): return sigdigits(f"{abs(v):.{n+8}e}".split("e")[0])[:n]
NUM = re.compile(r"\d+(?:\.\d+)?")
def alt_ok(a, v):
    m = NUM.search(a)
    if not m: return True, 0                     # a non-numeric alternative
    D = sigdigits(m.group(0))
    if v == 0: return D == "", len(D)
    for n in range(1, 8):
        for f in (rounded, truncated):
            if D.rstrip("0") == f(v, n).rstrip("0") and len(D.rstrip("0")) <= n: return True, len(D)
    return False, len(D)

if __name__ == "__main__":
    for i, v in LEAD.items(): print(f"{i:14s} {v:.6g}")
    for i, vs in WP.items(): print(f"{i:14s} " + "  ".join(f"{v:.6g}" for v in vs))
    here = os.path.dirname(os.path.abspath(__file__)); bad = 0
    def load(name):
        p = os.path.join(here, name)
        if not os.path.exists(p): return None
        rows = []
        for n, l in enumerate(open(p, encoding="utf-8"), 1):
            if l.strip():
                try: rows.append(json.loads(l))
                except Exception as ex: print("BAD JSON", name, n, ex); sys.exit(1)
        ids = [r["id"] for r in rows]
        if len(ids) != len(set(ids)): print("DUPLICATE ids in", name); sys.exit(1)
        return rows
    rows = load("word-problems.jsonl")
    if rows is not None:
        seen = set()
        for r in rows:
            got = [x["value"] for x in r["expect"]]; want = WP[r["id"]]; seen.add(r["id"])
            ok = len(got) == len(want) and all(abs(g-w) <= 5e-4*abs(w) for g, w in zip(got, want))
            if not ok: bad += 1; print("MISMATCH", r["id"], got, want)
        if seen != set(WP): bad += 1; print("WP id sets differ", set(WP) ^ seen)
        print(f"word-problems: {len(rows)} rows checked")
    rows = load("lead.jsonl")
    if rows is not None:
        seen = set()
        for r in rows:
            for item in r["must"]:
                for a in item.split("|"):
                    if len(a.strip()) < 2: bad += 1; print("SHORT alternative", r["id"], repr(a))
            if r["id"] in LEAD:
                seen.add(r["id"]); v = LEAD[r["id"]]
                alts = r["must"][0].split("|"); best = 0
                for a in alts:
                    ok, nd = alt_ok(a, v); best = max(best, nd if ok else 0)
                    if not ok: bad += 1; print("LEAD MISMATCH", r["id"], repr(a), v)
                if best < 3: bad += 1; print("LEAD no >=3 sig-fig alternative", r["id"])
        if seen != set(LEAD): bad += 1; print("LEAD id sets differ", set(LEAD) ^ seen)
        print(f"lead: {len(rows)} rows, {len(seen)} numeric checked")
    rows = load("off-topic.jsonl")
    if rows is not None: print(f"off-topic: {len(rows)} rows parsed")
    print("ALL OK" if bad == 0 else f"{bad} PROBLEMS"); sys.exit(1 if bad else 0)
