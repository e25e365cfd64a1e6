#!/usr/bin/env python3
"""Blind19 evaluation set: computes every numeric expected value from closed forms
(CODATA 2018 constants) and prints it with its id.  If word-problems.jsonl,
lead.jsonl and off-topic.jsonl sit next to this file, it also checks them:
word problems to 4 significant figures, numeric lead alternatives at their own
significant figures and within 1.5 %."""
import json, math, os, re, sys
k = 8.9875517923e9; eps0 = 8.8541878128e-12; mu0 = 1.25663706212e-6
e = 1.602176634e-19; me = 9.1093837015e-31; mp = 1.67262192369e-27; c = 299792458.0
pi = math.pi; deg = math.degrees; rad = math.radians; sqrt = math.sqrt
sin = math.sin; asin = math.asin; atan = math.atan

# ---------------- lead.jsonl numeric answers (id -> value; SI, degrees, or fraction) --
LEAD = {
 # EN
 "f19-l-01": k*e**2/(0.53e-10)**2,                    # N, proton-electron 0.53 Å
 "f19-l-04": 4*k*2e-9/(0.10/sqrt(2)),                 # V, 2 nC at corners of 10 cm square
 "f19-l-06": 5e-9/eps0,                               # N m^2/C, 5 nC enclosed
 "f19-l-08": k*8e-9*0.05/0.10**3,                     # N/C, ball R=10 cm Q=8 nC, r=5 cm
 "f19-l-10": k*(5e-9)**2/(2*0.03)**2,                 # N, 5 nC 3 cm above grounded plane
 "f19-l-12": mu0*15/(2*pi*0.03),                      # T, wire 15 A at 3 cm
 "f19-l-14": mu0*2/(2*0.05),                          # T, loop R=5 cm, 2 A, centre
 "f19-l-16": mu0*3/(2*pi*0.002),                      # T, coax 3 A at 2 mm
 "f19-l-19": mu0*500**2*pi*0.01**2/0.25,              # H, 500 turns, 25 cm, r=1 cm
 "f19-l-22": 0.5*0.050*2.0**2,                        # J, 50 mH at 2 A
 "f19-l-23": c/1.5,                                   # m/s, n = 1.5
 "f19-l-24": 100/c,                                   # T, E0 = 100 V/m
 "f19-l-27": deg(atan(1.5)),                          # deg, Brewster n=1.5
 "f19-l-28": deg(asin(1/1.33)),                       # deg, critical water->air
 "f19-l-29": ((1.5-1)/(1.5+1))**2,                    # fraction, normal R air/glass
 # ZH
 "f19-l-31": k*e**2/(1e-9)**2,                        # N, two electrons 1 nm
 "f19-l-34": sqrt(2*e*100/me),                        # m/s, electron through 100 V
 "f19-l-36": 2*k*2e-9/0.10,                           # N/C, line 2 nC/m at 10 cm
 "f19-l-38": 1e-6/(2*eps0),                           # N/C, sheet 1 μC/m^2
 "f19-l-42": me*1e6/(e*1e-3),                         # m, electron 1e6 m/s in 1 mT
 "f19-l-45": mu0*5*0.1**2/(2*(0.1**2+0.1**2)**1.5),   # T, loop R=10 cm 5 A, axis 10 cm
 "f19-l-46": mu0*10*0.001/(2*pi*0.002**2),            # T, wire R=2 mm 10 A, r=1 mm
 "f19-l-49": mu0*2000*0.5,                            # T, 2000 /m, 0.5 A
 "f19-l-51": 0.2*3/0.010,                             # V, 0.2 H, 3 A -> 0 in 10 ms
 "f19-l-53": c/2.4e9,                                 # m, 2.4 GHz
 "f19-l-55": sqrt(2*1000/(c*eps0)),                   # V/m, 1000 W/m^2
 "f19-l-57": deg(asin(sin(rad(30))/1.33)),            # deg, 30° air->water
 "f19-l-59": deg(asin(1/1.5)),                        # deg, critical glass->air
}

# ---------------- word-problems.jsonl (id -> list of values in SI / degrees) ---------
def coax_enc(I, r, a, b, cc):
    if r < a: return I*r**2/a**2
    if r < b: return I
    if r < cc: return I*(1 - (r**2 - b**2)/(cc**2 - b**2))
    return 0.0

L17 = mu0*600**2*pi*0.015**2/0.30
WP = {
 "f19-wp-en-01": [k*2e-9/0.05**2 + k*3e-9/0.05**2, k*2e-9*3e-9/0.10**2],
 "f19-wp-en-02": [900*0.25/k],
 "f19-wp-en-03": [2*k*(5e-9*4e-3)/0.20**3, k*(5e-9*4e-3)/0.20**2],
 "f19-wp-en-04": [sqrt(2*e*2000/mp)],
 "f19-wp-en-05": [k*10e-9*0.02/0.05**3, k*10e-9/0.05**2, k*10e-9/0.15**2],
 "f19-wp-en-06": [3e-9/(4*pi*0.06**2), 0.0, k*3e-9/0.10**2],
 "f19-wp-en-07": [2*pi*eps0*0.08*5000],
 "f19-wp-en-08": [12/2e-3, eps0*12/2e-3],
 "f19-wp-en-09": [k*(4e-9)**2/(2*0.05)**2, 4e-9*0.05/(2*pi*0.05**3)],
 "f19-wp-en-10": [6e-9*0.10/0.30, 0.10**2/0.30, k*6e-9*(6e-9*0.10/0.30)/(0.30 - 0.10**2/0.30)**2],
 "f19-wp-en-11": [2*pi*0.02*50e-6/mu0],
 "f19-wp-en-12": [mu0*(10+6)/(2*pi*0.04), mu0*10*6/(2*pi*0.08)],
 "f19-wp-en-13": [mu0*50*0.80/(2*0.04), mu0*50*0.80*0.04**2/(2*(0.04**2+0.03**2)**1.5)],
 "f19-wp-en-14": [me*3.0e6/(e*2.0e-3), 2*pi*me/(e*2.0e-3)],
 "f19-wp-en-15": [mu0*coax_enc(2.0, r, 1e-3, 4e-3, 5e-3)/(2*pi*r) for r in (0.5e-3, 3e-3, 4.5e-3, 7e-3)],
 "f19-wp-en-16": [mu0*800*2.5/(2*pi*0.12), 0.0],
 "f19-wp-en-17": [mu0*(600/0.30)*1.2, L17, 0.5*L17*1.2**2],
 "f19-wp-en-18": [200*50e-4*0.60/0.12, 200*50e-4*0.60/0.12/8.0],
 "f19-wp-en-19": [c/5.0e9, 30/c, 0.5*c*eps0*30**2],
 "f19-wp-en-20": [deg(asin(sin(rad(40))/1.52)), deg(atan(1.52)), c/1.52],
 "f19-wp-zh-01": [0.30*sqrt(4)/(sqrt(4)+sqrt(1))],
 "f19-wp-zh-02": [k*5e-9/0.10, k*5e-9/0.20],
 "f19-wp-zh-03": [1e-6*0.01/(2*eps0), 1e-6*0.02**2/(2*eps0*0.03)],
 "f19-wp-zh-04": [k*(2e-9)**2/(2*0.10)**2],
 "f19-wp-zh-05": [2*pi*0.05*40e-6/mu0],
 "f19-wp-zh-06": [e*2e6*0.5, mp*2e6/(e*0.5)],
 "f19-wp-zh-07": [5e-3/(mu0*1000/0.40)],
 "f19-wp-zh-08": [0.5*0.200*3**2, 0.200*3/0.1],
 "f19-wp-zh-09": [2e-3/(c*sqrt(3)), c/(20*2e-3)],
 "f19-wp-zh-10": [deg(asin(1/1.33)), 500*((1.33-1)/(1.33+1))**2],
}

for i, v in LEAD.items(): print(f"{i:16s} {v:.6g}")
for i, vs in WP.items(): print(f"{i:16s} " + ", ".join(f"{v:.6g}" for v in vs))

# ---------------- checks -------------------------------------------------------------
HERE = os.path.dirname(os.path.abspath(__file__))
CJK = re.compile(r"[\u4e00-\u9fff]")
TOPICS = {"electrostatics", "gauss-law", "laplace-equation", "magnetostatics",
          "ampere-law", "solenoids", "em-waves-fdtd", "fresnel-equations"}
bad = 0
def fail(msg):
    global bad; bad += 1; print("FAIL:", msg)
def load(name):
    rows = []
    for n, line in enumerate(open(os.path.join(HERE, name), encoding="utf-8"), 1):
        try: rows.append(json.loads(line))
        except Exception as ex: fail(f"{name}:{n} invalid JSON: {ex}")
    return rows

def sig4(got, want):
    if want == 0: return got == 0
    return float(f"{got:.3e}") == float(f"{want:.3e}") or abs(got - want) <= 5e-4*abs(want)

SUP = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
PREFIX = {"p": 1e-12, "n": 1e-9, "μ": 1e-6, "µ": 1e-6, "u": 1e-6, "m": 1e-3, "c": 1e-2,
          "k": 1e3, "M": 1e6, "G": 1e9, "毫": 1e-3, "微": 1e-6, "纳": 1e-9, "皮": 1e-12,
          "千": 1e3, "厘": 1e-2, "兆": 1e6}
BASE = {"N/C": 1, "V/m": 1, "W/m^2": 1, "W/m²": 1, "m/s": 1, "N/m": 1, "C/m^2": 1,
        "C/m²": 1, "C/m": 1, "W/m2": 1, "C/m2": 1, "N·m2/C": 1, "N m2/C": 1, "N·m²/C": 1, "N m^2/C": 1, "N·m^2/C": 1, "V·m": 1, "V m": 1,
        "N": 1, "V": 1, "T": 1, "C": 1, "A": 1, "H": 1, "J": 1, "W": 1, "m": 1, "s": 1,
        "Hz": 1, "°": 1, "deg": 1, "degrees": 1, "%": 0.01, "percent": 0.01, "volts": 1,
        "伏": 1, "伏特": 1, "特": 1, "特斯拉": 1, "牛": 1, "牛顿": 1, "安": 1, "安培": 1,
        "焦": 1, "焦耳": 1, "米": 1, "米/秒": 1, "度": 1, "亨": 1, "亨利": 1, "秒": 1,
        "赫兹": 1, "joule": 1, "joules": 1}
NUM = re.compile(r"^(?:≈|~|约|大约|about)?\s*([-−]?\d+(?:\.\d+)?)"
                 r"(?:\s*(?:[×x\*]\s*10\s*\^?\s*\{?\s*([-−]?\d+)\s*\}?|e([-−+]?\d+)))?"
                 r"\s*(万|亿)?\s*(.*?)\s*$")

def unit_mult(u):
    if u == "": return 1.0
    if u in BASE: return BASE[u]
    for p, f in PREFIX.items():
        if u.startswith(p) and u[len(p):] in BASE and u[len(p):] not in ("°", "%", "度", "deg", "degrees", "percent"):
            return f*BASE[u[len(p):]]
    return None

def parse_alt(a):
    s = a.translate(SUP).strip()
    m = NUM.match(s)
    if not m: return None
    mant, ex1, ex2, cn, unit = m.groups()
    mult = unit_mult(unit)
    if mult is None: return None
    ex = ex1 or ex2
    expo = int(ex.replace("−", "-")) if ex else 0
    cnm = {"万": 1e4, "亿": 1e8}.get(cn, 1.0)
    digits = mant.lstrip("-−").replace(".", "").lstrip("0")
    if "." not in mant: digits = digits.rstrip("0")
    sf = max(1, len(digits))
    x = float(mant.replace("−", "-"))*10**expo*cnm*mult
    return x, sf

def alt_ok(a, v):
    p = parse_alt(a)
    if p is None: return None
    x, sf = p
    if abs(x - v) > 0.015*abs(v): return False
    return float(f"{x:.{sf-1}e}") == float(f"{v:.{sf-1}e}")

if os.path.exists(os.path.join(HERE, "lead.jsonl")):
    L = load("lead.jsonl"); ids = [r["id"] for r in L]
    en = [r for r in L if not CJK.search(r["q"])]; zh = [r for r in L if CJK.search(r["q"])]
    if len(L) != 60 or len(set(ids)) != 60 or len(en) != 30 or len(zh) != 30:
        fail(f"lead count {len(L)} en {len(en)} zh {len(zh)}")
    want_ids = [f"f19-l-{i:02d}" for i in range(1, 61)]
    if ids != want_ids: fail("lead ids not f19-l-01..60 in order")
    if any(int(r["id"][-2:]) > 30 for r in en) or any(int(r["id"][-2:]) <= 30 for r in zh):
        fail("lead EN must be 01-30, ZH 31-60")
    for nm, grp in (("EN", en), ("ZH", zh)):
        miss = TOPICS - {r["topic"] for r in grp}
        if miss: fail(f"lead {nm} topics missing {miss}")
    byid = {r["id"]: r for r in L}
    for r in L:
        if not r["id"].startswith("f19-"): fail(f"bad id {r['id']}")
        if r["topic"] not in TOPICS: fail(f"{r['id']} bad topic {r['topic']}")
        if not isinstance(r["must"], list) or not r["must"] or any(
                not isinstance(g, str) or not g.strip() or '||' in g or g.startswith("|") or g.endswith("|")
                or any(not x.strip() for x in g.split("|")) for g in r["must"]):
            fail(f"{r['id']} bad must")
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
    if nz != 10: fail(f"wp ZH count {nz}")
    for r in W:
        if (CJK.search(r["q"]) is not None) != r["id"].startswith("f19-wp-zh-"):
            fail(f"{r['id']}: language does not match id")
    if set(ids) != set(WP): fail(f"wp ids differ: {set(ids) ^ set(WP)}")
    for r in W:
        exp = WP.get(r["id"], [])
        if len(r["expect"]) != len(exp): fail(f"{r['id']}: {len(r['expect'])} expect vs {len(exp)} computed"); continue
        for got, want in zip(r["expect"], exp):
            if not isinstance(got.get("unit"), str) or not got["unit"]: fail(f"{r['id']}: missing unit")
            if not sig4(got["value"], want): fail(f"{r['id']}: {got['value']} != {want:.6g}")
    print(f"word-problems.jsonl: {len(W)} problems ({len(W)-nz} EN, {nz} ZH), "
          f"{sum(len(v) for v in WP.values())} values checked")

if os.path.exists(os.path.join(HERE, "off-topic.jsonl")):
    O = load("off-topic.jsonl"); ids = [r["id"] for r in O]
    nz = sum(1 for r in O if CJK.search(r["q"]))
    if len(O) != 60 or len(set(ids)) != 60 or nz != 30: fail(f"off-topic count {len(O)} zh {nz}")
    if any(not i.startswith("f19-off-") for i in ids): fail("off-topic id prefix")
    for r in O:
        if (CJK.search(r["q"]) is not None) != r["id"].startswith("f19-off-zh-"):
            fail(f"{r['id']}: language does not match id")
    print(f"off-topic.jsonl: {len(O)} questions ({len(O)-nz} EN, {nz} ZH)")

print("ALL CHECKS PASSED" if bad == 0 else f"{bad} CHECK(S) FAILED")
sys.exit(1 if bad else 0)
