#!/usr/bin/env python3
"""Blind12 evaluation set: computes every numeric expected value from closed forms
(CODATA 2018 constants) and prints it with its id.  If word-problems.jsonl and
lead.jsonl sit next to this file, it also checks them (4 significant figures)."""
import json, math, os, sys
k = 8.9875517923e9; eps0 = 8.8541878128e-12; mu0 = 1.25663706212e-6
e = 1.602176634e-19; me = 9.1093837015e-31; mp = 1.67262192369e-27; c = 299792458.0
pi = math.pi; deg = math.degrees; rad = math.radians; sqrt = math.sqrt

# ---------------- lead.jsonl numeric answers (id -> value, SI unless noted) --------
LEAD = {
 "f12-l-02": k*3e-6*2e-6/0.15**2,                     # N, 3 uC & -2 uC at 15 cm
 "f12-l-32": k*2e-9/0.30,                             # V, 2 nC at 30 cm
 "f12-l-06": 4e-6/(2*eps0),                           # N/C, sheet sigma = 4 uC/m^2
 "f12-l-35": 2e-9/(2*pi*eps0*0.05),                   # N/C, line 2 nC/m at 5 cm
 "f12-l-10": mu0*250*2/(2*pi*0.07),                   # T, toroid N=250 I=2 A r=7 cm
 "f12-l-40": mu0*20/2,                                # T, current sheet K = 20 A/m
 "f12-l-13": mu0*8/(2*pi*0.03),                       # T, wire 8 A at 3 cm
 "f12-l-41": mu0*3/(2*0.08),                          # T, loop centre R=8 cm I=3 A
 "f12-l-44": me*2e6/(e*0.01),                         # m, electron 2e6 m/s in 0.01 T
 "f12-l-18": 0.5*0.200*1.5**2,                        # J, 200 mH at 1.5 A
 "f12-l-45": mu0*(800/0.40)*0.5,                      # T, 800 turns / 40 cm, 0.5 A
 "f12-l-23": sqrt(2*1360/(c*eps0)),                   # V/m, I = 1360 W/m^2
 "f12-l-51": 450/c,                                   # T, E0 = 450 V/m
 "f12-l-24": deg(math.asin(1/1.52)),                  # deg, critical angle n=1.52
 "f12-l-25": 100*((1.33-1)/(1.33+1))**2,              # %, normal-incidence R water
 "f12-l-53": deg(math.asin(math.sin(rad(45))/1.5)),   # deg, refraction air->1.5 at 45
 "f12-l-54": deg(math.atan(1.6)),                     # deg, Brewster n=1.6
 "f12-l-60": k*(5e-9)**2/(2*0.03)**2,                 # N, 5 nC 3 cm above grounded plane
}

# ---------------- word problems (id -> list of expected values, SI, degrees) -------
def ring_axis(Q, R, z): return k*Q*z/(R*R+z*z)**1.5
def loop_axis(N, I, R, z): return mu0*N*I*R*R/(2*(R*R+z*z)**1.5)
WP = {
 # EN
 "f12-wp-en-01": [k*2e-6/0.2**2 + k*5e-6/0.4**2, k*(2e-6/0.2 - 5e-6/0.4)],
 "f12-wp-en-02": [4e-9*3e-3, 2*k*(4e-9*3e-3)/0.25**3],
 "f12-wp-en-03": [7.5e-9*0.20/eps0, 7.5e-9/(2*pi*eps0*0.04)],
 "f12-wp-en-04": [k*8e-9/0.10**2],
 "f12-wp-en-05": [mu0*5*0.5e-3/(2*pi*(1e-3)**2), mu0*5/(2*pi*2.5e-3)],
 "f12-wp-en-06": [eps0*pi*0.05**2*2e12],
 "f12-wp-en-07": [loop_axis(40, 0.250, 0.06, 0.08)],
 "f12-wp-en-08": [0.50*3.2*0.15*math.sin(rad(30)), mp*4e5/(e*0.15)],
 "f12-wp-en-09": [mu0*20*30/(2*pi*0.12)],
 "f12-wp-en-10": [mu0*450**2*(pi*0.01**2)/0.30, 0.5*(mu0*450**2*(pi*0.01**2)/0.30)*1.2**2],
 "f12-wp-en-11": [200*25e-4*(0.80-0.20)/0.040],
 "f12-wp-en-12": [0.5*c*eps0*120**2, 120/c],
 "f12-wp-en-13": [c/(2.4e9*sqrt(4.0))],
 "f12-wp-en-14": [deg(math.atan(1.55)), ((1.55-1)/(1.55+1))**2],
 "f12-wp-en-15": [deg(math.asin(1/1.33)), deg(math.asin(1.33*math.sin(rad(35))))],
 # ZH
 "f12-wp-zh-01": [0.30/(1+2), k*(3e-9/0.10 + 12e-9/0.20)],
 "f12-wp-zh-02": [k*(4e-9)**2/(2*0.02)**2, 4e-9/(2*pi*0.02**2)],
 "f12-wp-zh-03": [ring_axis(10e-9, 0.05, 0.12)],
 "f12-wp-zh-04": [2e-6*0.04/(3*eps0), 2e-6*0.10**2/(3*eps0)],
 "f12-wp-zh-05": [5e-9/eps0],
 "f12-wp-zh-06": [mu0*1200*0.8/(2*pi*0.10)],
 "f12-wp-zh-07": [mu0*15*1e-3/(2*pi*(2e-3)**2), mu0*15/(2*pi*0.01)],
 "f12-wp-zh-08": [mu0*5/(4*pi*0.10)*2*(0.10/sqrt(0.10**2+0.10**2))],
 "f12-wp-zh-09": [50*2*pi*0.03**2*0.4],
 "f12-wp-zh-10": [mu0*1500*2.5, (mu0*1500*2.5)**2/(2*mu0)],
 "f12-wp-zh-11": [600*mu0*500*0.2],
 "f12-wp-zh-12": [2e-3/(c*sqrt(2))],
 "f12-wp-zh-13": [c/100e6, 0.5*c*eps0*3.0**2],
 "f12-wp-zh-14": [deg(math.asin(1.5*math.sin(rad(30))/1.33)), deg(math.asin(1.33/1.5))],
 "f12-wp-zh-15": [100*0.01/0.04, 100/0.04],
}

if __name__ == "__main__":
    for i, v in LEAD.items(): print(f"{i:14s} {v:.6g}")
    for i, vs in WP.items(): print(f"{i:14s} " + "  ".join(f"{v:.6g}" for v in vs))
    here = os.path.dirname(os.path.abspath(__file__)); bad = 0
    p = os.path.join(here, "word-problems.jsonl")
    if os.path.exists(p):
        rows = [json.loads(l) for l in open(p, encoding="utf-8") if l.strip()]
        seen = set()
        for r in rows:
            got = [x["value"] for x in r["expect"]]; want = WP[r["id"]]; seen.add(r["id"])
            ok = len(got) == len(want) and all(abs(g-w) <= 5e-4*abs(w) for g, w in zip(got, want))
            if not ok: bad += 1; print("MISMATCH", r["id"], got, want)
        if seen != set(WP): bad += 1; print("ID SET DIFFERS", set(WP) ^ seen)
        print(f"word-problems.jsonl: {len(rows)} rows checked, {bad} problems")
    p = os.path.join(here, "lead.jsonl")
    if os.path.exists(p):
        rows = {r["id"]: r for r in (json.loads(l) for l in open(p, encoding="utf-8") if l.strip())}
        nb = 0
        for i, v in LEAD.items():
            mant = f"{v:.3g}".split("e")[0]
            alts = rows[i]["must"][0].split("|") if i in rows else []
            if not any(mant in a for a in alts): nb += 1; print("LEAD MUST LACKS", i, mant)
        bad += nb
        print(f"lead.jsonl: {len(LEAD)} numeric leads checked (3-s.f. mantissa present in must), {nb} problems")
    sys.exit(1 if bad else 0)
