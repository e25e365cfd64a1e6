#!/usr/bin/env python3
"""Blind18 evaluation set: computes every numeric expected value from closed forms
(CODATA 2018 constants) and prints it with its id.  If word-problems.jsonl,
lead.jsonl and off-topic.jsonl sit next to this file, it also checks them:
word problems to 4 significant figures, numeric lead alternatives at their own
significant figures and within 1.5 %."""
import json, math, os, re, sys
k = 8.9875517923e9; eps0 = 8.8541878128e-12; mu0 = 1.25663706212e-6
e = 1.602176634e-19; me = 9.1093837015e-31; mp = 1.67262192369e-27; c = 299792458.0
pi = math.pi; deg = math.degrees; rad = math.radians; sqrt = math.sqrt

# ---------------- lead.jsonl numeric answers (id -> value; SI, degrees, or % as noted) --
LEAD = {
 # EN
 "f18-l-01": k*(4e-9)**2/0.02**2,                     # N, two 4 nC balls 2 cm apart
 "f18-l-07": 3e-9/(6*eps0),                           # N m^2/C, 3 nC at cube centre, one face
 "f18-l-11": k*(6e-9)**2/(2*0.04)**2,                 # N, 6 nC 4 cm above grounded plane
 "f18-l-12": mu0*12/(2*pi*0.04),                      # T, wire 12 A at 4 cm
 "f18-l-17": mu0*500*3/(2*pi*0.10),                   # T, toroid N=500 I=3 A r=10 cm
 "f18-l-20": mu0*(1000/0.20)*2,                       # T, 1000 turns / 20 cm, 2 A
 "f18-l-23": 0.5*50e-3*4**2,                          # J, 50 mH at 4 A
 "f18-l-26": sqrt(2*1000/(c*eps0)),                   # V/m, peak E for I = 1000 W/m^2
 "f18-l-27": 600/sqrt(2),                             # V/m, rms of E0 = 600 V/m
 "f18-l-28": deg(math.atan(1.50)),                    # deg, Brewster air -> n=1.50
 "f18-l-30": 100*((2.42-1)/(2.42+1))**2,              # %, normal-incidence R diamond
 # ZH
 "f18-l-32": k*5e-9/0.30,                             # V, 5 nC at 30 cm
 "f18-l-36": 2e-9/(2*pi*eps0*0.10),                   # N/C, line 2 nC/m at 10 cm
 "f18-l-41": (10+20+30+0)/4,                          # V, five-point average
 "f18-l-43": mu0*2/(2*0.05),                          # T, loop centre R=5 cm I=2 A
 "f18-l-47": mu0*10*1e-3/(2*pi*(2e-3)**2),            # T, inside wire R=2 mm I=10 A r=1 mm
 "f18-l-49": mu0*50/2,                                # T, current sheet K = 50 A/m
 "f18-l-52": 100*0.05/0.2,                            # V, N=100, dPhi=0.05 Wb in 0.2 s
 "f18-l-55": c/2.4e9,                                 # m, 2.4 GHz wavelength
 "f18-l-58": deg(math.asin(1/1.33)),                  # deg, critical angle water->air
 "f18-l-60": deg(math.asin(math.sin(rad(30))/1.5)),   # deg, refraction air->1.5 at 30
}

# ---------------- word problems (id -> list of expected values, SI, degrees) -------
def loop_axis(N, I, R, z): return mu0*N*I*R*R/(2*(R*R+z*z)**1.5)
def snell(n1, n2, th): return math.asin(n1*math.sin(th)/n2)
def rs(n1, n2, th):
    t = snell(n1, n2, th); a = n1*math.cos(th); b = n2*math.cos(t); return ((a-b)/(a+b))**2
def rp(n1, n2, th):
    t = snell(n1, n2, th); a = n2*math.cos(th); b = n1*math.cos(t); return ((a-b)/(a+b))**2
# EN-01 geometry: charges at (0,0) and (0.40,0), field point (0.20,0.15)
r01 = sqrt(0.20**2+0.15**2)
# EN-15 solenoid
L15 = mu0*600**2*pi*0.012**2/0.25
# EN-17 laser
I17 = 5e-3/(pi*(1e-3)**2); E17 = sqrt(2*I17/(c*eps0))
# EN-05 capacitor
C05 = eps0*0.10**2/1.5e-3
# ZH-01 zero-field point between +4 nC (x=0) and +9 nC (x=0.50 m)
x01 = 0.50*sqrt(4e-9)/(sqrt(4e-9)+sqrt(9e-9))
# ZH-04 coax: a=2 mm, b=6 mm, c=7 mm, I=10 A
def coax(r, I=10.0, a=2e-3, b=6e-3, cc=7e-3):
    if r < a: Ienc = I*r*r/(a*a)
    elif r < b: Ienc = I
    elif r < cc: Ienc = I*(cc*cc-r*r)/(cc*cc-b*b)
    else: Ienc = 0.0
    return mu0*Ienc/(2*pi*r)
# ZH-06 solenoid
L06 = mu0*1500**2*4e-4/0.30
WP = {
 # EN
 "f18-wp-en-01": [2*k*3e-9/r01**2*(0.15/r01), 2*k*3e-9/r01],
 "f18-wp-en-02": [sqrt(k*12e-9/3.0e3)],
 "f18-wp-en-03": [k*9e-9*0.02/0.06**3, k*9e-9/0.15**2],
 "f18-wp-en-04": [0.0, k*4e-9/0.08**2, k*(4e-9-1e-9)/0.20**2],
 "f18-wp-en-05": [C05, C05*12, 12/1.5e-3],
 "f18-wp-en-06": [6.2e-30*5.0e5*math.sin(rad(30)), -6.2e-30*5.0e5*math.cos(rad(30))],
 "f18-wp-en-07": [0.0, 1.8e-6/eps0],
 "f18-wp-en-08": [k*(5e-9)**2/(2*0.03)**2, 5e-9/(2*pi*0.03**2)],
 "f18-wp-en-09": [5e-6*0.02**2/(8*eps0), 5e-6*0.02/(2*eps0)],
 "f18-wp-en-10": [mp*3.0e6/(e*0.25), 2*pi*mp/(e*0.25)],
 "f18-wp-en-11": [mu0*8*12/(2*pi*5e-3), mu0*(8+12)/(2*pi*2.5e-3)],
 "f18-wp-en-12": [mu0*25*1.5/(2*0.04), loop_axis(25, 1.5, 0.04, 0.03)],
 "f18-wp-en-13": [mu0*400*2.5/(2*pi*0.10), 0.0],
 "f18-wp-en-14": [0.015/(mu0*2.0)],
 "f18-wp-en-15": [L15, L15*3.0/15e-3, 0.5*L15*3.0**2],
 "f18-wp-en-16": [0.60*0.40*2.5, 0.60*0.40*2.5/3.0],
 "f18-wp-en-17": [I17, E17, E17/sqrt(2), E17/c],
 "f18-wp-en-18": [((1.52-1)/(1.52+1))**2, deg(math.atan(1.52)), deg(math.asin(1/1.52))],
 # ZH
 "f18-wp-zh-01": [x01, k*(4e-9/x01 + 9e-9/(0.50-x01))],
 "f18-wp-zh-02": [0.0, k*6e-9/0.20**2, k*6e-9/0.10],
 "f18-wp-zh-03": [2e-9*3.0e-6/(2*eps0), 2e-9*3.0e-6/(2*eps0)*(0.03-0.01)],
 "f18-wp-zh-04": [coax(1e-3), coax(3e-3), coax(6.5e-3), coax(10e-3)],
 "f18-wp-zh-05": [2*sqrt(2)*mu0*3.0/(pi*0.20)],
 "f18-wp-zh-06": [mu0*(1500/0.30)*0.80, L06, 400*L06],
 "f18-wp-zh-07": [50*20e-4*(0.40-(-0.40))/5.0e-3, 50*20e-4*(0.40-(-0.40))/2.0],
 "f18-wp-zh-08": [sqrt(2*mu0*1.0e6)],
 "f18-wp-zh-09": [0.50e-3/c, c/(20*0.50e-3)],
 "f18-wp-zh-10": [c/sqrt(9), c/sqrt(9)/100e6, 30/(c/sqrt(9))],
 "f18-wp-zh-11": [deg(snell(1, 1.50, rad(45))), rs(1, 1.50, rad(45)), rp(1, 1.50, rad(45))],
 "f18-wp-zh-12": [deg(math.asin(1.46/1.48)), deg(math.asin(sqrt(1.48**2-1.46**2)))],
}

TOPICS = {"ampere-law", "electrostatics", "em-waves-fdtd", "fresnel-equations",
          "gauss-law", "laplace-equation", "magnetostatics", "solenoids"}
CJK = re.compile(r'[\u4e00-\u9fff]')

def sig4(a, b):
    if b == 0: return abs(a) < 1e-30
    return abs(a-b) <= 5e-4*abs(b)

def alt_ok(alt, value):
    """Numeric alternative agrees with value at its own significant figures and
    within 1.5 % (the power of ten / SI prefix is read by eye)."""
    s = alt.strip()
    s = re.sub(r'^(about|approx\.?|≈|~|=|约|为|是|大约|大概|\s)+', '', s)
    m = re.match(r'\d+(\.\d+)?', s)
    if not m: return None            # not a number-led alternative (e.g. √2)
    num = float(m.group(0)); d = len(m.group(1)) - 1 if m.group(1) else 0
    for p in range(-20, 21):
        sv = value*10.0**p
        if sv == 0: continue
        if abs(num-sv) <= 0.5*10.0**(-d)*(1+1e-9) and abs(num-sv)/abs(sv) <= 0.015:
            return True
    return False

def load(name):
    with open(os.path.join(HERE, name), encoding='utf-8') as f:
        return [json.loads(l) for l in f if l.strip()]

HERE = os.path.dirname(os.path.abspath(__file__))
print("== lead numeric values")
for i, v in LEAD.items(): print(f"{i:12s} {v:.6g}")
print("== word-problem values")
for i, vs in WP.items(): print(f"{i:16s} " + ", ".join(f"{v:.6g}" for v in vs))

bad = 0
def fail(msg):
    global bad; bad += 1; print("FAIL:", msg)

if os.path.exists(os.path.join(HERE, "lead.jsonl")):
    L = load("lead.jsonl"); ids = [r["id"] for r in L]
    if len(L) != 60: fail(f"lead count {len(L)}")
    if len(set(ids)) != len(ids): fail("lead duplicate ids")
    zh = [r for r in L if CJK.search(r["q"])]; en = [r for r in L if not CJK.search(r["q"])]
    if len(zh) != 30 or len(en) != 30: fail(f"lead EN/ZH {len(en)}/{len(zh)}")
    for grp, nm in ((en, "EN"), (zh, "ZH")):
        miss = TOPICS - {r["topic"] for r in grp}
        if miss: fail(f"lead {nm} topics missing {miss}")
    byid = {r["id"]: r for r in L}
    for r in L:
        if not r["id"].startswith("f18-"): fail(f"bad id {r['id']}")
        if r["topic"] not in TOPICS: fail(f"{r['id']} bad topic {r['topic']}")
        if not r["must"] or any(not g.strip() or '||' in g for g in r["must"]): fail(f"{r['id']} bad must")
    for i, v in LEAD.items():
        if i not in byid: fail(f"LEAD id {i} not in lead.jsonl"); continue
        alts = byid[i]["must"][0].split("|"); checked = 0
        for a in alts:
            ok = alt_ok(a, v)
            if ok is None: continue
            checked += 1
            if not ok: fail(f"{i}: alternative '{a}' disagrees with {v:.6g}")
        if checked == 0: fail(f"{i}: no numeric alternative")
    print(f"lead.jsonl: {len(L)} questions ({len(en)} EN, {len(zh)} ZH), {len(LEAD)} numeric checked")

if os.path.exists(os.path.join(HERE, "word-problems.jsonl")):
    W = load("word-problems.jsonl"); ids = [r["id"] for r in W]
    if len(W) != 30 or len(set(ids)) != 30: fail(f"wp count {len(W)}")
    nz = sum(1 for r in W if CJK.search(r["q"]))
    if nz != 12: fail(f"wp ZH count {nz}")
    if set(ids) != set(WP): fail(f"wp ids differ: {set(ids) ^ set(WP)}")
    for r in W:
        exp = WP.get(r["id"], [])
        if len(r["expect"]) != len(exp): fail(f"{r['id']}: {len(r['expect'])} expect vs {len(exp)} computed"); continue
        for got, want in zip(r["expect"], exp):
            if not sig4(got["value"], want): fail(f"{r['id']}: {got['value']} != {want:.6g}")
    print(f"word-problems.jsonl: {len(W)} problems ({len(W)-nz} EN, {nz} ZH), "
          f"{sum(len(v) for v in WP.values())} values checked")

if os.path.exists(os.path.join(HERE, "off-topic.jsonl")):
    O = load("off-topic.jsonl"); ids = [r["id"] for r in O]
    nz = sum(1 for r in O if CJK.search(r["q"]))
    if len(O) != 60 or len(set(ids)) != 60 or nz != 30: fail(f"off-topic count {len(O)} zh {nz}")
    if any(not i.startswith("f18-off-") for i in ids): fail("off-topic id prefix")
    print(f"off-topic.jsonl: {len(O)} questions ({len(O)-nz} EN, {nz} ZH)")

print("ALL CHECKS PASSED" if bad == 0 else f"{bad} CHECK(S) FAILED")
sys.exit(1 if bad else 0)
