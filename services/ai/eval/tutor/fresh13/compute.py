#!/usr/bin/env python3
"""Blind13 evaluation set: computes every numeric expected value from closed forms
(CODATA 2018 constants) and prints it with its id.  If word-problems.jsonl,
lead.jsonl and off-topic.jsonl sit next to this file, it also checks them:
  * word problems: every part within 4 significant figures (rel. 5e-4);
  * lead numeric answers: the must item contains at least one number whose
    mantissa agrees with the computed value to 0.3 % (a 3-4 sig-fig form),
    and the sign matches when the value is negative;
  * ids, counts, topics and JSON structure of all three files."""
import json, math, os, re, sys
k = 8.9875517923e9; eps0 = 8.8541878128e-12; mu0 = 1.25663706212e-6
e = 1.602176634e-19; me = 9.1093837015e-31; mp = 1.67262192369e-27; c = 299792458.0
pi = math.pi; deg = math.degrees; rad = math.radians; sqrt = math.sqrt
sin, cos, tan, asin, atan = math.sin, math.cos, math.tan, math.asin, math.atan

# ---- lead.jsonl numeric answers (id -> [values], one per leading must item) ----
LEAD = {
 "f13-l-01": [k*4e-9*6e-9/0.02**2],                  # N, 4 nC & 6 nC at 2 cm
 "f13-l-06": [2e-6/eps0],                             # N m^2/C, 2 uC enclosed
 "f13-l-07": [k*(-3e-9)/0.10],                        # V, -3 nC at 10 cm
 "f13-l-10": [mu0*15/(2*pi*0.005)],                   # T, wire 15 A at 5 mm
 "f13-l-13": [mp*2e6/(e*0.5)],                        # m, proton 2e6 m/s in 0.5 T
 "f13-l-18": [eps0*1.0e12],                           # A, dPhi_E/dt = 1e12 V m/s
 "f13-l-24": [0.20*0.50*4.0],                         # V, rod 0.5 m, 4 m/s, 0.2 T
 "f13-l-27": [c/5e9],                                 # m, 5 GHz in vacuum
 "f13-l-31": [1e-3/(c*sqrt(3))],                      # s, 3D Courant limit dx=1 mm
 "f13-l-34": [deg(atan(1.5))],                        # deg, Brewster air->glass 1.5
 "f13-l-39": [k*(2e-9)**2/(2*0.05)**2],               # N, 2 nC 5 cm above grounded plane (2nd must item: attract)
 "f13-l-43": [sqrt(2*e*1000/me)],                     # m/s, electron through 1000 V
 "f13-l-46": [mu0*5/(2*0.10)],                        # T, loop R=10 cm I=5 A centre
 "f13-l-50": [mu0*500*2/(2*pi*0.10)],                 # T, toroid N=500 I=2 A r=10 cm
 "f13-l-52": [mu0*1000**2*10e-4/0.50],                # H, N=1000, l=50 cm, A=10 cm^2
 "f13-l-57": [deg(asin(1/1.33))],                     # deg, critical angle water->air
 "f13-l-59": [-6e-9*0.05/0.20, 0.05**2/0.20],         # C and m, grounded sphere image
}

# ---------------- word problems (id -> list of expected values, SI, degrees) -------
def loop_axis(N, I, R, z): return mu0*N*I*R*R/(2*(R*R+z*z)**1.5)
# en-01: +2 uC at (0,0) and (0.30,0); P = (0.15, 0.20): r = 0.25, x parts cancel
E01 = 2*k*2e-6/0.25**2*(0.20/0.25)
# en-10: proton 5e5 m/s at 30 deg to 0.20 T
T10 = 2*pi*mp/(e*0.20)
# en-11: square loop side 0.20 m, I = 3 A: 4 sides, each mu0 I/(4 pi d)*(2 sin45), d = 0.10
B11 = 4*mu0*3.0/(4*pi*0.10)*2*sin(rad(45))
# en-13: solenoid l = 0.40 m, N = 800, r = 1.5 cm, I = 2 A
L13 = mu0*800**2*pi*0.015**2/0.40
# en-17: circular plates R = 3 cm, gap 2 mm, dV/dt = 5e6 V/s; B at r = 2 cm (inside)
Id17 = eps0*pi*0.03**2*5e6/2e-3
# en-19: air -> n = 1.70 at 55 deg
th19 = asin(sin(rad(55))/1.70)
rs19 = ((cos(rad(55)) - 1.70*cos(th19))/(cos(rad(55)) + 1.70*cos(th19)))**2
# zh-05: coax a = 1 mm, b = 4 mm, c = 5 mm, I = 10 A; r = 3 mm and 4.5 mm
Ienc05 = 10*(1 - (0.0045**2 - 0.004**2)/(0.005**2 - 0.004**2))
WP = {
 # EN
 "f13-wp-en-01": [E01, 2*k*2e-6/0.25, 1e-9*E01],
 "f13-wp-en-02": [k*5e-6*8e-6/0.12**2, k*5e-6*(-8e-6)/0.12],
 "f13-wp-en-03": [k*12e-9*0.02/0.06**3, k*12e-9/0.06**2, k*12e-9/0.15**2],
 "f13-wp-en-04": [5e-6*0.01/(2*eps0), 5e-6*0.02**2/(2*eps0*0.05)],
 "f13-wp-en-05": [(3e-6 + 1e-6)/(2*eps0), (3e-6 - 1e-6)/(2*eps0)],
 "f13-wp-en-06": [4e-9/(4*pi*0.08**2), k*4e-9/0.12**2],
 "f13-wp-en-07": [e*2500, sqrt(2*e*2500/me)],
 "f13-wp-en-08": [0.35*4.0*0.25*sin(rad(60)), 0.35*4.0*0.25],
 "f13-wp-en-09": [me*3e6/(e*2e-3), 2*pi*me/(e*2e-3)],
 "f13-wp-en-10": [mp*5e5*sin(rad(30))/(e*0.20), 5e5*cos(rad(30))*T10],
 "f13-wp-en-11": [B11],
 "f13-wp-en-12": [mu0*10*20/(2*pi*0.08), mu0*(10 + 20)/(2*pi*0.04)],
 "f13-wp-en-13": [mu0*(800/0.40)*2.0, L13, 0.5*L13*2.0**2],
 "f13-wp-en-14": [0.60*0.30*2.5, 0.60*0.30*2.5/1.5, 0.60*(0.60*0.30*2.5/1.5)*0.30],
 "f13-wp-en-15": [150*0.25*(0.10*0.20)*2*pi*60, 150*0.25*(0.10*0.20)*2*pi*60/sqrt(2)],
 "f13-wp-en-16": [50*pi*0.08**2*cos(rad(40))*(0.50 - 0.10)/0.20],
 "f13-wp-en-17": [Id17, mu0*Id17*0.02/(2*pi*0.03**2)],
 "f13-wp-en-18": [sqrt(2*800/(c*eps0)), sqrt(2*800/(c*eps0))/c],
 "f13-wp-en-19": [deg(th19), rs19, deg(atan(1.70))],
 "f13-wp-en-20": [k*(8e-9)**2/(2*0.04)**2, -8e-9/(2*pi*0.04**2)],
 # ZH
 "f13-wp-zh-01": [2*k*2e-9/(0.10**2/2), 2*k*2e-9/(0.10/sqrt(2))],
 "f13-wp-zh-02": [0.0, k*6e-9/0.40**2, k*(-6e-9)/0.20],
 "f13-wp-zh-03": [3e-8/(2*pi*eps0*0.02), 3e-8/(2*pi*eps0)*math.log(0.06/0.02)],
 "f13-wp-zh-04": [loop_axis(100, 0.5, 0.05, 0.12), mu0*100*0.5/(2*0.05)],
 "f13-wp-zh-05": [mu0*10/(2*pi*0.003), mu0*Ienc05/(2*pi*0.0045)],
 "f13-wp-zh-06": [mu0*2000**2*4e-4/0.5, mu0*2000**2*4e-4/0.5*3/0.01],
 "f13-wp-zh-07": [200*pi*0.05**2*0.5, 200*pi*0.05**2*0.5/10],
 "f13-wp-zh-08": [c/90e6, 0.5*c*eps0*0.05**2],
 "f13-wp-zh-09": [tan(rad(58)), 90 - 58.0],
 "f13-wp-zh-10": [e*3e6*0.5, mp*3e6/(e*0.5), 2*pi*mp/(e*0.5)],
}

SLUGS = {"ampere-law", "electrostatics", "em-waves-fdtd", "fresnel-equations",
         "gauss-law", "laplace-equation", "magnetostatics", "solenoids"}
NUM = re.compile(r"\d+(?:[.,]\d+)?")

def mantissa(x):
    x = abs(x)
    return x/10**math.floor(math.log10(x)) if x else 0.0

def lead_item_ok(item, v):
    best = min((abs(mantissa(float(s.replace(",", ".")))/mantissa(v) - 1)
                for s in NUM.findall(item) if float(s.replace(",", ".")) != 0), default=9)
    sign_ok = v >= 0 or any(a.strip().startswith(("-", "−", "负", "negative", "minus"))
                            for a in item.split("|"))
    return best <= 3e-3 and sign_ok

def check(here):
    bad = 0
    def rows(name):
        p = os.path.join(here, name)
        if not os.path.exists(p): return None
        out = []
        for n, l in enumerate(open(p, encoding="utf-8"), 1):
            if l.strip(): out.append(json.loads(l))       # raises on a bad line
        return out
    wp = rows("word-problems.jsonl")
    if wp is not None:
        ids = [r["id"] for r in wp]
        want_ids = [f"f13-wp-en-{i:02d}" for i in range(1, 21)] + [f"f13-wp-zh-{i:02d}" for i in range(1, 11)]
        if ids != want_ids: print("WP ids/order wrong"); bad += 1
        for r in wp:
            got = [x["value"] for x in r["expect"]]; want = WP[r["id"]]
            ok = len(got) == len(want) and all(
                (g == 0 if w == 0 else abs(g-w) <= 5e-4*abs(w)) for g, w in zip(got, want))
            ok = ok and all(set(x) == {"value", "unit"} for x in r["expect"])
            if not ok: print("WP MISMATCH", r["id"], got, want); bad += 1
        print(f"word-problems.jsonl: {len(wp)} rows checked")
    ld = rows("lead.jsonl")
    if ld is not None:
        ids = [r["id"] for r in ld]
        if ids != [f"f13-l-{i:02d}" for i in range(1, 61)]: print("LEAD ids/order wrong"); bad += 1
        for r in ld:
            if r["topic"] not in SLUGS: print("LEAD bad topic", r["id"]); bad += 1
            if not r["must"] or not all(isinstance(m, str) and m.strip() for m in r["must"]):
                print("LEAD bad must", r["id"]); bad += 1
            if r["id"] in LEAD:
                vs = LEAD[r["id"]]
                if len(vs) > len(r["must"]) or not all(lead_item_ok(m, v) for m, v in zip(r["must"], vs)):
                    print("LEAD MISMATCH", r["id"], r["must"], vs); bad += 1
        print(f"lead.jsonl: {len(ld)} rows, {sum(r['id'] in LEAD for r in ld)} numeric checked")
    of = rows("off-topic.jsonl")
    if of is not None:
        ids = [r["id"] for r in of]
        want_ids = [f"f13-off-en-{i:02d}" for i in range(1, 41)] + [f"f13-off-zh-{i:02d}" for i in range(1, 21)]
        if ids != want_ids: print("OFF ids/order wrong"); bad += 1
        if len({r["q"] for r in of}) != len(of): print("OFF duplicate q"); bad += 1
        print(f"off-topic.jsonl: {len(of)} rows")
    return bad

if __name__ == "__main__":
    for i, vs in LEAD.items(): print(f"{i:14s} " + "  ".join(f"{v:.6g}" for v in vs))
    for i, vs in WP.items(): print(f"{i:14s} " + "  ".join(f"{v:.6g}" for v in vs))
    bad = check(os.path.dirname(os.path.abspath(__file__)))
    print("ALL CHECKS PASSED" if bad == 0 else f"{bad} PROBLEM(S)")
    sys.exit(1 if bad else 0)
