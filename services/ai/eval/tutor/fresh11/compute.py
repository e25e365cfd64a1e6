#!/usr/bin/env python3
"""blind11: computes every numeric answer from closed forms (CODATA 2018 constants).

* writes word-problems.jsonl next to this file (values rounded to 6 s.f.)
* prints the numbers used in lead.jsonl `must` groups and checks that each
  numeric lead's must-string contains the value's 3-s.f. mantissa
* run:  python3 compute.py
"""
import json, math, os
k = 8.9875517923e9; eps0 = 8.8541878128e-12; mu0 = 1.25663706212e-6
e = 1.602176634e-19; me = 9.1093837015e-31; mp = 1.67262192369e-27; c = 299792458
pi = math.pi; deg = math.degrees; rad = math.radians; sqrt = math.sqrt
Z0 = mu0 * c
HERE = os.path.dirname(os.path.abspath(__file__))
def s6(x): return float(f"{x:.6g}")
def E0_from_I(I): return sqrt(2 * I / (c * eps0))

# ---------------- lead.jsonl numeric musts (id -> value in the unit of the must) --------------
LEAD = {
 "f11-l-01": ("N",   k * 3e-6 * 5e-6 / 0.15**2),                 # |F| 3uC, -5uC, 15 cm
 "f11-l-05": ("N m^2/C^2", k),                                      # Coulomb constant
 "f11-l-08": ("N/C", k * 1e-6 / 0.5**2),                          # 1 uC @ 50 cm
 "f11-l-09": ("N m^2/C", 5e-9 / eps0),                            # flux of 5 nC
 "f11-l-14": ("N/C", 3e-9 / (2 * pi * eps0 * 0.05)),              # line 3 nC/m @ 5 cm
 "f11-l-17": ("T",   mu0 * 15 / (2 * pi * 0.08)),                 # wire 15 A @ 8 cm
 "f11-l-21": ("m",   me * 2e6 / (e * 0.01)),                      # electron 2e6 m/s, 0.01 T
 "f11-l-25": ("T",   mu0 * (400 / 0.20) * 3),                     # solenoid 400 turns/20 cm, 3 A
 "f11-l-29": ("J",   0.5 * 20e-3 * 3**2),                          # L = 20 mH, 3 A
 "f11-l-33": ("T",   mu0 * 5 / (2 * pi * 3e-3)),                  # coax 5 A @ 3 mm
 "f11-l-37": ("T",   mu0 * 20 / 2),                               # sheet K = 20 A/m
 "f11-l-40": ("N",   k * (3e-9)**2 / (2 * 0.04)**2),              # image force 3 nC @ 4 cm
 "f11-l-45": ("V",   (10 + 20 + 30 + 40) / 4),                    # FD 5-point average
 "f11-l-46a": ("C",  -6e-9 * 0.10 / 0.30),                        # image charge, sphere R=10cm, d=30cm
 "f11-l-46b": ("m",  0.10**2 / 0.30),                              # image position
 "f11-l-47": ("T",   200 / c),                                    # B0 from E0 = 200 V/m
 "f11-l-48": ("V/m", E0_from_I(5e-3 / 1e-6)),                     # 5 mW over 1 mm^2
 "f11-l-51": ("s",   2e-3 / c),                                   # 1D Courant dt, dx = 2 mm
 "f11-l-54": ("deg", deg(math.asin(1 / 1.52))),                   # critical angle n=1.52
 "f11-l-55": ("deg", deg(math.atan(1.6))),                        # Brewster n=1.6
 "f11-l-57": ("deg", deg(math.asin(math.sin(rad(45)) / 1.33))),   # refraction 45 deg into water
 "f11-l-58": ("%",   100 * ((1.7 - 1) / (1.7 + 1))**2),            # normal reflectance n=1.7
}
# string (3 s.f. mantissa or equivalent) that must appear in the lead's must
LEAD_KEY = {
 "f11-l-01": "5.99", "f11-l-05": "8.99", "f11-l-08": "3.60", "f11-l-09": "565",
 "f11-l-14": "1.08", "f11-l-17": "3.75", "f11-l-21": "1.14", "f11-l-25": "7.54",
 "f11-l-29": "0.090", "f11-l-33": "3.33", "f11-l-37": "1.26", "f11-l-40": "1.26",
 "f11-l-45": "25", "f11-l-46a": "-2", "f11-l-46b": "3.33", "f11-l-47": "6.67",
 "f11-l-48": "1.94", "f11-l-51": "6.67", "f11-l-54": "41.1", "f11-l-55": "58.0",
 "f11-l-57": "32.1", "f11-l-58": "6.72",
}

# ---------------- word problems ----------------
WP = []
def wp(id_, q, *vals):
    WP.append({"id": id_, "q": q,
               "expect": [{"value": s6(v), "unit": u} for v, u in vals]})

# ---- English ----
# 01 Coulomb + zero-field point (q2 = 4 q1 -> x = d/3 from q1)
wp("f11-wp-en-01",
   "Two point charges, q1 = +2.0 μC and q2 = +8.0 μC, are fixed 12 cm apart. (a) What is the magnitude of the electrostatic force between them? (b) At what distance from q1, on the line joining them, is the net electric field zero?",
   (k * 2e-6 * 8e-6 / 0.12**2, "N"), (0.12 / (1 + sqrt(8 / 2)), "m"))
# 02 electron accelerated through 500 V
wp("f11-wp-en-02",
   "An electron starts from rest and is accelerated through a potential difference of five hundred volts. What is its final speed (non-relativistic)?",
   (sqrt(2 * e * 500 / me), "m/s"))
# 03 dipole far field on axis
p03 = 4e-9 * 3e-3
wp("f11-wp-en-03",
   "An electric dipole is made of charges +4.0 nC and -4.0 nC separated by 3.0 mm. Using the dipole approximation, find the magnitude of the electric field on the dipole axis 20 cm from its centre.",
   (2 * k * p03 / 0.20**3, "N/C"))
# 04 point charge inside a charged conducting shell
wp("f11-wp-en-04",
   "A point charge of +5.0 nC sits at the centre of a thin conducting spherical shell of radius 10 cm that carries a net charge of -15 nC. Find the magnitude of the electric field (a) 5.0 cm from the centre and (b) 25 cm from the centre.",
   (k * 5e-9 / 0.05**2, "N/C"), (k * 10e-9 / 0.25**2, "N/C"))
# 05 line charge
wp("f11-wp-en-05",
   "A very long, thin straight rod carries a uniform linear charge density of 45 nC/m. Use Gauss's law to find the electric field magnitude at a perpendicular distance of 15 cm from the rod.",
   (45e-9 / (2 * pi * eps0 * 0.15), "N/C"))
# 06 image charge above grounded plane
q06, d06 = 10e-9, 0.06
wp("f11-wp-en-06",
   "A point charge q = +10 nC is held 6.0 cm above a large grounded conducting plane. (a) What is the magnitude of the force on the charge? (b) What is the induced surface charge density on the plane directly beneath the charge (include the sign)?",
   (k * q06**2 / (2 * d06)**2, "N"), (-q06 / (2 * pi * d06**2), "C/m^2"))
# 07 two antiparallel wires
wp("f11-wp-en-07",
   "Two long parallel wires 10 cm apart carry currents of twenty amperes and thirty amperes in opposite directions. Find (a) the magnitude of the magnetic field at the point midway between them and (b) the magnitude of the force per unit length between the wires.",
   (mu0 * (20 + 30) / (2 * pi * 0.05), "T"), (mu0 * 20 * 30 / (2 * pi * 0.10), "N/m"))
# 08 loop, on-axis field
R08, z08, I08 = 0.08, 0.06, 3.0
wp("f11-wp-en-08",
   "A circular loop of wire of radius 8.0 cm carries a current of 3.0 A. What is the magnitude of the magnetic field on the axis of the loop, 6.0 cm from its centre?",
   (mu0 * I08 * R08**2 / (2 * (R08**2 + z08**2)**1.5), "T"))
# 09 solenoid B and L
N09, l09, r09, I09 = 800, 0.40, 0.015, 2.5
wp("f11-wp-en-09",
   "An air-core solenoid is 40 cm long, has 800 turns and a radius of 1.5 cm, and carries 2.5 A. Treating it as a long solenoid, find (a) the magnetic field inside and (b) its self-inductance.",
   (mu0 * N09 / l09 * I09, "T"), (mu0 * N09**2 * pi * r09**2 / l09, "H"))
# 10 Faraday average emf
wp("f11-wp-en-10",
   "A 200-turn coil of area 50 cm² lies in a uniform magnetic field perpendicular to its plane. The field decreases steadily from 0.80 T to 0.20 T in 0.15 s. What is the magnitude of the average induced emf?",
   (200 * 50e-4 * (0.80 - 0.20) / 0.15, "V"))
# 11 proton cyclotron motion
wp("f11-wp-en-11",
   "A proton moves at 3.0 × 10^6 m/s perpendicular to a uniform 0.50 T magnetic field. Find (a) the radius of its circular path and (b) the period of the motion.",
   (mp * 3e6 / (e * 0.50), "m"), (2 * pi * mp / (e * 0.50), "s"))
# 12 isotropic bulb, E amplitude at 2 m
wp("f11-wp-en-12",
   "A 60 W lamp radiates its power uniformly in all directions as electromagnetic waves. What is the amplitude of the electric field 2.0 m from the lamp?",
   (E0_from_I(60 / (4 * pi * 2.0**2)), "V/m"))
# 13 refraction + s reflectance at 60 deg on glass
n13, ti13 = 1.50, rad(60)
tt13 = math.asin(math.sin(ti13) / n13)
rs13 = (math.cos(ti13) - n13 * math.cos(tt13)) / (math.cos(ti13) + n13 * math.cos(tt13))
wp("f11-wp-en-13",
   "Light travelling in air strikes a flat glass surface (n = 1.50) at an angle of incidence of 60°. Find (a) the angle of refraction and (b) the reflectance (fraction of incident power reflected) for s-polarized light.",
   (deg(tt13), "deg"), (rs13**2, "1"))
# 14 sapphire Brewster + critical
wp("f11-wp-en-14",
   "Sapphire has a refractive index of 1.77. Find (a) Brewster's angle for light incident on sapphire from air and (b) the critical angle for total internal reflection for light inside sapphire hitting a sapphire–air surface.",
   (deg(math.atan(1.77)), "deg"), (deg(math.asin(1 / 1.77)), "deg"))
# 15 2D FDTD Courant limit
wp("f11-wp-en-15",
   "A two-dimensional FDTD simulation of vacuum uses square cells with Δx = Δy = 0.5 mm. What is the largest time step allowed by the Courant stability condition?",
   (0.5e-3 / (c * sqrt(2)), "s"))

# ---- Chinese ----
wp("f11-wp-zh-01",
   "边长为 10 cm 的正三角形三个顶点上各放一个 +2 μC 的点电荷，求其中任一电荷所受静电合力的大小。",
   (sqrt(3) * k * (2e-6)**2 / 0.10**2, "N"))
wp("f11-wp-zh-02",
   "两个点电荷 +3 nC 和 −3 nC 相距 8 cm，求两电荷连线中点处的电场强度大小。",
   (2 * k * 3e-9 / 0.04**2, "N/C"))
R03, Q03 = 0.06, 12e-9
wp("f11-wp-zh-03",
   "半径 R = 6 cm 的绝缘球体内均匀分布着总电荷 Q = 12 nC。求：(a) 距球心 3 cm 处的电场强度大小；(b) 球表面处的电场强度大小。",
   (k * Q03 * 0.03 / R03**3, "N/C"), (k * Q03 / R03**2, "N/C"))
wp("f11-wp-zh-04",
   "三维 FDTD 仿真（真空），采用立方体网格，Δx = Δy = Δz = 1 毫米。按 Courant 稳定性条件，最大允许时间步长是多少？",
   (1e-3 / (c * sqrt(3)), "s"))
wp("f11-wp-zh-05",
   "边长 20 cm 的立方体中心放一个 −4 nC 的点电荷。求：(a) 穿过立方体整个表面的电通量（含正负号）；(b) 穿过其中一个面的电通量（含正负号）。",
   (-4e-9 / eps0, "N m^2/C"), (-4e-9 / eps0 / 6, "N m^2/C"))
R06, d06z, q06z = 0.05, 0.20, 8e-9
q06img = -q06z * R06 / d06z; b06 = R06**2 / d06z
wp("f11-wp-zh-06",
   "半径 5 cm 的接地导体球，在距球心 20 cm 处放一个 +8 nC 的点电荷。用镜像法求：(a) 像电荷的电量（含符号）；(b) 点电荷所受静电力的大小。",
   (q06img, "C"), (k * q06z * abs(q06img) / (d06z - b06)**2, "N"))
wp("f11-wp-zh-07",
   "同轴电缆内导体半径 1 mm，外导体内半径 4 mm，内外导体分别通有大小为 10 A、方向相反的电流，内导体中电流均匀分布。求：(a) 距轴线 0.5 mm 处；(b) 距轴线 2.5 mm 处的磁感应强度大小。",
   (mu0 * 10 * 0.5e-3 / (2 * pi * (1e-3)**2), "T"), (mu0 * 10 / (2 * pi * 2.5e-3), "T"))
wp("f11-wp-zh-08",
   "一个螺绕环共绕六百匝，通以 1.5 A 电流，环的平均半径为 8 cm。求环内（平均半径处）的磁感应强度大小。",
   (mu0 * 600 * 1.5 / (2 * pi * 0.08), "T"))
wp("f11-wp-zh-09",
   "一根长直导线通有 25 安培的电流，一个电子在距导线 2 cm 处以 1.0×10^5 m/s 的速度平行于导线运动。求电子所受磁场力的大小。",
   (e * 1e5 * mu0 * 25 / (2 * pi * 0.02), "N"))
v10 = sqrt(2 * e * 100 / me)
wp("f11-wp-zh-10",
   "电子由静止经 100 V 电压加速后，垂直射入 B = 2 mT 的匀强磁场。求：(a) 电子进入磁场时的速率；(b) 电子做圆周运动的半径。",
   (v10, "m/s"), (me * v10 / (e * 2e-3), "m"))
N11, l11, r11 = 1500, 0.30, 0.01
L11 = mu0 * N11**2 * pi * r11**2 / l11
wp("f11-wp-zh-11",
   "一个空心长直螺线管长 30 cm、直径 2 cm，密绕 1500 匝，通以 4 A 的电流。求：(a) 螺线管的自感系数；(b) 储存的磁场能量。",
   (L11, "H"), (0.5 * L11 * 4**2, "J"))
wp("f11-wp-zh-12",
   "频率为 1 GHz 的电磁波在相对介电常数为 4、相对磁导率为 1 的无损介质中传播，求它在该介质中的波长。",
   (c / sqrt(4) / 1e9, "m"))
I13 = 2e-3 / (pi * (0.75e-3)**2)
wp("f11-wp-zh-13",
   "一支功率 2 mW 的激光笔，光斑直径 1.5 毫米（设功率在光斑内均匀分布），求光束中电场的振幅。",
   (E0_from_I(I13), "V/m"))
wp("f11-wp-zh-14",
   "光纤纤芯折射率为 1.46，包层折射率为 1.44。求光从纤芯射向包层时发生全反射的临界角。",
   (deg(math.asin(1.44 / 1.46)), "deg"))
tB15 = deg(math.atan(1.52 / 1.33))
wp("f11-wp-zh-15",
   "光从水（n = 1.33）射向玻璃（n = 1.52）的平整界面。求：(a) 布儒斯特角；(b) 以布儒斯特角入射时的折射角。",
   (tB15, "deg"), (90 - tB15, "deg"))

# ---------------- output / checks ----------------
if __name__ == "__main__":
    for n, (u, v) in LEAD.items():
        print(f"LEAD {n:10s} {v:.6g} {u}")
    out = os.path.join(HERE, "word-problems.jsonl")
    with open(out, "w", encoding="utf-8") as f:
        for r in WP:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    for r in WP:
        print("WP  ", r["id"], "  ".join(f"{x['value']:.4g} {x['unit']}" for x in r["expect"]))
    # check lead musts
    lead_path = os.path.join(HERE, "lead.jsonl")
    if os.path.exists(lead_path):
        leads = {json.loads(l)["id"]: json.loads(l) for l in open(lead_path, encoding="utf-8") if l.strip()}
        bad = 0
        for n, key in LEAD_KEY.items():
            lid = n[:8] if n[-1] in "ab" else n
            must = "|".join(leads[lid]["must"])
            if key not in must:
                print("MISSING", n, key); bad += 1
        print("lead must check:", "OK" if not bad else f"{bad} problems")
    # check the written word-problem values at 4 s.f.
    back = [json.loads(l) for l in open(out, encoding="utf-8")]
    for r, w in zip(back, WP):
        for a, b in zip(r["expect"], w["expect"]):
            assert f"{a['value']:.4g}" == f"{b['value']:.4g}", (r["id"], a, b)
    print("word-problems.jsonl:", len(back), "lines, values match to 4 s.f.")
