#!/usr/bin/env python3
"""Blind17 evaluation set: computes every numeric expected value from closed forms
(CODATA 2018 constants) and prints it with its id.  If word-problems.jsonl and
lead.jsonl sit next to this file, it also checks them: word problems to 4
significant figures, and every numeric alternative in a numeric lead question
at its own significant figures (after converting its unit prefix to SI)."""
import json, math, os, re, sys
k = 8.9875517923e9; eps0 = 8.8541878128e-12; mu0 = 1.25663706212e-6
e = 1.602176634e-19; me = 9.1093837015e-31; mp = 1.67262192369e-27; c = 299792458.0
pi = math.pi; deg = math.degrees; rad = math.radians; sqrt = math.sqrt

# ---------------- lead.jsonl numeric answers (id -> value; SI, angles in degrees,
# reflectance as a fraction) ------------------------------------------------------
LEAD = {
 "f17-l-02": k*e**2/(1e-9)**2,                        # N, two electrons 1 nm apart
 "f17-l-06": 3e-9/eps0,                               # N m^2/C, 3 nC enclosed
 "f17-l-12": mu0*10/(2*pi*0.02),                      # T, wire 10 A at 2 cm
 "f17-l-15": mp*1e6/(e*0.5),                          # m, proton 1e6 m/s in 0.5 T
 "f17-l-18": mu0*500*1.5/(2*pi*0.10),                 # T, toroid N=500 I=1.5 A r=10 cm
 "f17-l-21": mu0*1000**2*10e-4/0.50,                  # H, solenoid N=1000 l=50 cm A=10 cm^2
 "f17-l-23": 0.5*0.3*4**2,                            # J, 0.3 H at 4 A
 "f17-l-24": 300/c,                                   # T, E0 = 300 V/m
 "f17-l-28": deg(math.atan(1.5)),                     # deg, Brewster n=1.5
 "f17-l-32": k*2e-6*3e-6/0.30**2,                     # N, 2 uC & 3 uC at 30 cm
 "f17-l-35": k*4e-9*0.05/0.10**3,                     # N/C, sphere Q=4 nC R=10 cm, r=5 cm
 "f17-l-38": k*(2e-9)**2/(2*0.04)**2,                 # N, 2 nC 4 cm above grounded plane
 "f17-l-43": mu0*5/(2*0.10),                          # T, loop centre I=5 A R=10 cm
 "f17-l-48": mu0*2/(2*pi*0.005),                      # T, coax a<r<b, I=2 A r=5 mm
 "f17-l-49": mu0*2000*3,                              # T, solenoid n=2000/m I=3 A
 "f17-l-54": c/2.4e9,                                 # m, 2.4 GHz wavelength
 "f17-l-56": 1/sqrt(3),                               # 3D Courant limit
 "f17-l-57": deg(math.asin(1/1.33)),                  # deg, critical angle water->air
 "f17-l-58": ((1.5-1)/(1.5+1))**2,                    # fraction, normal-incidence R glass
 "f17-l-60": deg(math.asin(math.sin(rad(30))/1.5)),   # deg, refraction air->1.5 at 30
}

# ---------------- word problems (id -> list of expected values, SI, degrees) -------
def loop_axis(N, I, R, z): return mu0*N*I*R*R/(2*(R*R+z*z)**1.5)
def zh01():
    q = 3e-9; E1 = k*q/0.03**2; E2 = k*q/0.05**2          # E1 along +y; E2 toward q2
    Ex = E2*0.04/0.05; Ey = E1 - E2*0.03/0.05
    return [math.hypot(Ex, Ey), k*q*(1/0.03 - 1/0.05)]
v500 = sqrt(2*e*500/me)
L12 = mu0*900**2*(pi*0.015**2)/0.30
L_zh08 = mu0*800**2*5e-4/0.40
I_sun = 1000.0
WP = {
 # EN
 "f17-wp-en-01": [0.20, k*(4e-6/0.20 + 1e-6/0.10)],
 "f17-wp-en-02": [k*(5e-9)**2/(2*0.02)**2, -5e-9/(2*pi*0.02**2)],
 "f17-wp-en-03": [k*6e-9*0.02/0.05**3, k*6e-9/0.08**2],
 "f17-wp-en-04": [0.0, k*3e-9/0.20**2, -k*3e-9/0.12],
 "f17-wp-en-05": [eps0*200e-4/1.5e-3, eps0*200e-4/1.5e-3*12, 2e-3/(eps0*200e-4)],
 "f17-wp-en-06": [2*k*4e-9/0.03, 2*k*4e-9*math.log(0.09/0.03)],
 "f17-wp-en-07": [2e-9*4e-3*5e3*math.sin(rad(30)), -2e-9*4e-3*5e3*math.cos(rad(30))],
 "f17-wp-en-08": [mu0*15/(2*pi*0.04), mu0*15*10/(2*pi*0.06)],
 "f17-wp-en-09": [mu0*50*0.40/(2*0.08), loop_axis(50, 0.40, 0.08, 0.06)],
 "f17-wp-en-10": [mu0*8*1.5e-3/(2*pi*(2e-3)**2), mu0*8/(2*pi*4e-3), 0.0],
 "f17-wp-en-11": [mu0*600*2.5/(2*pi*0.12), 0.0],
 "f17-wp-en-12": [mu0*(900/0.30)*2.0, L12, 0.5*L12*2.0**2],
 "f17-wp-en-13": [150*40e-4*0.60/25e-3, 150*40e-4*0.60/25e-3/6.0],
 "f17-wp-en-14": [100*0.25*0.020*2*pi*60, 100*0.25*0.020*2*pi*60/sqrt(2)],
 "f17-wp-en-15": [60*sqrt(2)/c, c*eps0*60**2],
 "f17-wp-en-16": [c/5e9/20, c/5e9/20/(c*sqrt(3))],
 "f17-wp-en-17": [deg(math.asin(math.sin(rad(40))/1.50)), ((1.50-1)/(1.50+1))**2],
 "f17-wp-en-18": [deg(math.asin(1.46/1.48)), deg(math.asin(sqrt(1.48**2-1.46**2)))],
 # ZH
 "f17-wp-zh-01": zh01(),
 "f17-wp-zh-02": [v500, me*v500/(e*2e-3)],
 "f17-wp-zh-03": [5e-6/(2*eps0)],
 "f17-wp-zh-04": [4*pi*eps0*0.10*3e3, 0.0, 3e3*0.10/0.20**2],
 "f17-wp-zh-05": [(10+20+0+30)/4],
 "f17-wp-zh-06": [mu0*20/(2*pi*0.05), e*1e6*mu0*20/(2*pi*0.05)],
 "f17-wp-zh-07": [mu0*12*1e-3/(2*pi*(3e-3)**2), mu0*12/(2*pi*6e-3)],
 "f17-wp-zh-08": [L_zh08, L_zh08*3.0/0.10],
 "f17-wp-zh-09": [0.50**2/(2*mu0), 0.50**2/(2*mu0)*100e-6],
 "f17-wp-zh-10": [c/sqrt(2.25), c/sqrt(2.25)/600e6],
 "f17-wp-zh-11": [sqrt(2*I_sun/(c*eps0)), sqrt(2*I_sun/(c*eps0))/c],
 "f17-wp-zh-12": [deg(math.atan(1.60)), 90 - deg(math.atan(1.60))],
}

# ---------------- checking ------------------------------------------------------------
UNITS = {"": 1, "N": 1, "nN": 1e-9, "pN": 1e-12, "μN": 1e-6, "µN": 1e-6, "uN": 1e-6,
         "T": 1, "mT": 1e-3, "μT": 1e-6, "µT": 1e-6, "uT": 1e-6,
         "m": 1, "cm": 1e-2, "mm": 1e-3, "厘米": 1e-2, "H": 1, "mH": 1e-3,
         "J": 1, "joule": 1, "N/C": 1, "V/m": 1, "kN/C": 1e3, "kV/m": 1e3,
         "N·m²/C": 1, "N·m2/C": 1, "N m^2/C": 1, "V·m": 1, "V m": 1,
         "°": 1, "degrees": 1, "deg": 1, "%": 1e-2}
SUP = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")
NUM = re.compile(r"^(?P<m>[+\-−]?\d+(?:\.\d+)?)"
                 r"(?:\s*(?:×|x|\*)\s*10\^?\{?(?P<x>[+\-−]?\d+)\}?|e(?P<y>[+\-]?\d+))?"
                 r"\s*(?P<u>.*)$")

def parse(alt):
    """(value, half-width of its last significant digit) in SI, or None if not numeric."""
    s = alt.strip()
    for p in ("≈", "~", "about", "约", "approx."):
        if s.startswith(p): s = s[len(p):].strip()
    s = s.translate(SUP)
    m = NUM.match(s)
    if not m or m.group("u").strip() not in UNITS: return None
    mant = m.group("m").replace("−", "-")
    ex = int((m.group("x") or m.group("y") or "0").replace("−", "-"))
    if "." in mant: place = -len(mant.split(".")[1])
    else: place = len(mant) - len(mant.rstrip("0")) if mant.strip("-+0") else 0
    sc = UNITS[m.group("u").strip()] * 10.0**ex
    return float(mant)*sc, 0.5*10.0**place*sc

def agree4(g, w):
    """g and w agree to 4 significant figures (half a unit in the 4th digit of w)."""
    return abs(g - w) <= 0.5*10.0**(math.floor(math.log10(abs(w))) - 3)*1.000001

def main():
    for i, v in LEAD.items(): print(f"{i:14s} {v:.6g}")
    for i, vs in WP.items(): print(f"{i:14s} " + "  ".join(f"{v:.6g}" for v in vs))
    here = os.path.dirname(os.path.abspath(__file__)); bad = 0; nlead = nwp = 0
    wpf = os.path.join(here, "word-problems.jsonl")
    if os.path.exists(wpf):
        seen = set()
        for line in open(wpf, encoding="utf-8"):
            d = json.loads(line); i = d["id"]; seen.add(i)
            want = WP.get(i)
            got = [x["value"] for x in d["expect"]]
            if want is None or len(want) != len(got):
                print("MISMATCH (count/id)", i); bad += 1; continue
            for g, w in zip(got, want):
                ok = abs(g) < 1e-15 and abs(w) < 1e-12 if w == 0 else agree4(g, w)
                if not ok: print("MISMATCH", i, g, w); bad += 1
            nwp += 1
        for i in WP:
            if i not in seen: print("MISSING in jsonl", i); bad += 1
    lf = os.path.join(here, "lead.jsonl")
    if os.path.exists(lf):
        for line in open(lf, encoding="utf-8"):
            d = json.loads(line); i = d["id"]
            if i not in LEAD: continue
            true = LEAD[i]; nparsed = 0
            for grp in d["must"]:
                for alt in grp.split("|"):
                    r = parse(alt)
                    if r is None: continue
                    nparsed += 1; v, hw = r
                    if abs(v - true) > hw*1.000001 or abs(v - true) > 0.015*abs(true):
                        print("LEAD MISMATCH", i, repr(alt), v, true); bad += 1
            if nparsed == 0: print("LEAD no numeric alternative", i); bad += 1
            nlead += 1
        if nlead != len(LEAD): print("LEAD ids missing", nlead, len(LEAD)); bad += 1
    print(f"checked {nwp} word problems, {nlead} numeric lead questions")
    print("ALL CHECKS PASSED" if bad == 0 else f"{bad} PROBLEMS"); return bad

if __name__ == "__main__":
    sys.exit(1 if main() else 0)
