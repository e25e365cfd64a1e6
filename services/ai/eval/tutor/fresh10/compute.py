#!/usr/bin/env python3
"""Computes every numeric answer for the blind10 sets (CODATA 2018 constants).
- prints the numbers behind the numeric `must` groups of lead.jsonl and checks
  that a 3-significant-figure mantissa of each appears in that must group;
- writes word-problems.jsonl (values in SI, 6 significant figures) and prints them.
Angles in word problems are given in degrees (unit "deg"); dimensionless ratios use unit ""."""
import json, math, os
k = 8.9875517923e9; eps0 = 8.8541878128e-12; mu0 = 1.25663706212e-6
e = 1.602176634e-19; me = 9.1093837015e-31; mp = 1.67262192369e-27; c = 299792458
pi = math.pi; deg = math.degrees; rad = math.radians
def s6(x): return float(f"{x:.6g}")
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------- lead.jsonl numeric musts ----------------
lead = {
 "f10-l-01": k*3e-6*5e-6/0.10**2,                 # N, +3uC & -5uC at 10 cm
 "f10-l-03": k*4e-9/0.25,                         # V, 4 nC at 25 cm
 "f10-l-10": 6e-9/eps0,                           # N m^2/C, flux of 6 nC
 "f10-l-11": 5e-6/(2*eps0),                       # N/C, sheet sigma = 5 uC/m^2
 "f10-l-15": 2e-9/(2*pi*eps0*0.05),               # N/C, line 2 nC/m at 5 cm
 "f10-l-18": mu0*8/(2*pi*0.04),                   # T, wire 8 A at 4 cm
 "f10-l-23": mu0*20/2,                            # T, current sheet K = 20 A/m
 "f10-l-25": mu0*3/(2*0.05),                      # T, loop centre R = 5 cm, 3 A
 "f10-l-26": mp*2e6/(e*0.5),                      # m, proton 2e6 m/s in 0.5 T
 "f10-l-30": mu0*10/(2*pi*0.02),                  # T, wire 10 A at 2 cm
 "f10-l-31": mu0*(600/0.30)*1.5,                  # T, solenoid 600 turns/30 cm, 1.5 A
 "f10-l-33": 0.5*20e-3*3**2,                      # J, 20 mH at 3 A
 "f10-l-37": 0.5*(4-0)/0.1,                       # V, L dI/dt
 "f10-l-38": 600/c,                               # T, B0 = E0/c
 "f10-l-40": 1e-3/(c*math.sqrt(3)),               # s, 3-D Courant limit, 1 mm cells
 "f10-l-43": math.sqrt(2*1000/(c*eps0)),          # V/m, E0 for I = 1000 W/m^2
 "f10-l-46": deg(math.asin(1/1.52)),              # deg, critical angle glass 1.52 -> air
 "f10-l-47": deg(math.atan(1.6)),                 # deg, Brewster air -> 1.6
 "f10-l-49": deg(math.asin(1.33*math.sin(rad(40))/1.5)),  # deg, water -> glass at 40 deg
 "f10-l-51": ((1.5-1)/(1.5+1))**2,                # reflectance at normal incidence (= 4 %)
 "f10-l-53": deg(math.asin(1/1.33)),              # deg, critical angle water -> air
 "f10-l-55": k*(3e-9)**2/(2*0.04)**2,             # N, image force 3 nC at 4 cm
}
musts = {}
lp = os.path.join(HERE, "lead.jsonl")
if os.path.exists(lp):
    musts = {d["id"]: " ".join(d["must"]) for d in map(json.loads, open(lp, encoding="utf-8"))}
bad = 0
for n, v in lead.items():
    # mantissa to look for: plain 3 s.f. for 1e-2 <= |v| < 1e3, else the 3 s.f. mantissa of a.bc × 10^n
    mant = f"{v:.3g}" if 1e-2 <= abs(v) < 1e3 else f"{v:.2e}".split("e")[0]
    ok = (mant.rstrip("0").rstrip(".") in musts.get(n, "")) if musts else None
    if ok is False: bad += 1
    print(f"LEAD {n}  {v:.6g}   (3 s.f.: {mant})  {'OK' if ok else ('MISSING' if ok is False else '')}")
if musts: print("lead numeric check:", "all present" if bad == 0 else f"{bad} MISSING")

# ---------------- word problems ----------------
WP = []
def wp(id_, q, *vals):
    WP.append({"id": id_, "q": q, "expect": [{"value": s6(v), "unit": u} for v, u in vals]})

# --- English
x0 = 0.30/(1+math.sqrt(8/2))
wp("f10-wp-en-01", "Two point charges, q1 = +2.0 μC at the origin and q2 = +8.0 μC at x = 30 cm, are fixed on the x-axis. (a) At what position between them is the net electric field zero? (b) What is the magnitude of the force on q2?",
   (x0, "m"), (k*2e-6*8e-6/0.30**2, "N"))
wp("f10-wp-en-02", "An electron starts from rest and is accelerated through a potential difference of two hundred and fifty volts. What is its final speed?",
   (math.sqrt(2*e*250/me), "m/s"))
wp("f10-wp-en-03", "A thin ring of radius 6.0 cm carries a total charge of 12 nC spread uniformly around it. Find the magnitude of the electric field at a point on the ring's axis 8.0 cm from its centre.",
   (k*12e-9*0.08/(0.06**2+0.08**2)**1.5, "N/C"))
wp("f10-wp-en-04", "A thin spherical conducting shell of radius 10 cm carries a net charge of minus fifteen nanocoulombs. Find (a) the magnitude of the electric field 25 cm from the centre and (b) the electric potential of the shell, taking V = 0 at infinity.",
   (k*15e-9/0.25**2, "N/C"), (-k*15e-9/0.10, "V"))
rho, R = 4e-6, 0.02
wp("f10-wp-en-05", "A very long solid insulating cylinder of radius 2.0 cm has a uniform volume charge density of 4.0 μC/m³. Use Gauss's law to find the electric field magnitude (a) 1.0 cm from the axis and (b) 5.0 cm from the axis.",
   (rho*0.01/(2*eps0), "N/C"), (rho*R**2/(2*eps0*0.05), "N/C"))
wp("f10-wp-en-06", "A coaxial cable has a solid inner conductor of radius 1.0 mm carrying 5.0 A distributed uniformly over its cross-section, and a thin outer conductor of radius 4.0 mm carrying 5.0 A in the opposite direction. Find the magnetic field magnitude (a) 0.50 mm from the axis and (b) 3.0 mm from the axis.",
   (mu0*5*0.5e-3/(2*pi*(1e-3)**2), "T"), (mu0*5/(2*pi*3e-3), "T"))
wp("f10-wp-en-07", "A toroid with three hundred turns has an inner radius of 8.0 cm and an outer radius of 12 cm, and carries a current of 2.5 A. Find the magnetic field inside the windings (a) at the inner radius and (b) at the outer radius.",
   (mu0*300*2.5/(2*pi*0.08), "T"), (mu0*300*2.5/(2*pi*0.12), "T"))
N, I, R, z = 50, 0.80, 0.04, 0.03
wp("f10-wp-en-08", "A flat circular coil of fifty turns and radius 4.0 cm carries 0.80 A. Find the magnetic field (a) at the centre of the coil and (b) on its axis 3.0 cm from the centre.",
   (N*mu0*I/(2*R), "T"), (N*mu0*I*R**2/(2*(R**2+z**2)**1.5), "T"))
wp("f10-wp-en-09", "An electron moving at 3.0 × 10^6 m/s enters a uniform 2.0 mT magnetic field with its velocity perpendicular to the field. Find (a) the radius of its circular path and (b) the period of the motion.",
   (me*3e6/(e*2e-3), "m"), (2*pi*me/(e*2e-3), "s"))
wp("f10-wp-en-10", "A straight wire segment 25 cm long carries a current of 4.0 A and makes an angle of 30° with a uniform magnetic field of 0.60 T. What is the magnitude of the magnetic force on the segment?",
   (4.0*0.25*0.60*math.sin(rad(30)), "N"))
Lsol = mu0*800**2*pi*0.015**2/0.40
wp("f10-wp-en-11", "An air-core solenoid is 40 cm long and 3.0 cm in diameter, and is wound with 800 turns. (a) What is its inductance? (b) How much magnetic energy is stored when it carries 2.0 A?",
   (Lsol, "H"), (0.5*Lsol*2.0**2, "J"))
wp("f10-wp-en-12", "A 200-turn coil of area 50 cm² lies with its plane perpendicular to a uniform magnetic field. The field drops steadily from 0.40 T to 0.10 T in 25 ms. What is the magnitude of the average emf induced in the coil?",
   (200*50e-4*(0.40-0.10)/25e-3, "V"))
Ilas = 5e-3/(pi*(1e-3)**2)
wp("f10-wp-en-13", "A laser beam carries 5.0 mW of power, uniformly spread over a circular cross-section 2.0 mm in diameter. Find (a) the intensity of the beam and (b) the amplitude of its electric field.",
   (Ilas, "W/m^2"), (math.sqrt(2*Ilas/(c*eps0)), "V/m"))
ti = rad(60); tt = math.asin(math.sin(ti)/1.5)
rs = (math.cos(ti) - 1.5*math.cos(tt))/(math.cos(ti) + 1.5*math.cos(tt))
wp("f10-wp-en-14", "Light travelling in air strikes a flat glass surface (n = 1.50) at an angle of incidence of 60°. Find (a) the angle of refraction and (b) the reflectance for s-polarized light.",
   (deg(tt), "deg"), (rs**2, ""))
wp("f10-wp-en-15", "A point charge of +5.0 nC is held 3.0 cm from a large grounded conducting plane. Find (a) the magnitude of the force on the charge and (b) the induced surface charge density on the plane at the point directly beneath the charge.",
   (k*(5e-9)**2/(2*0.03)**2, "N"), (-5e-9/(2*pi*0.03**2), "C/m^2"))

# --- Chinese
wp("f10-wp-zh-01", "两个相同的小金属球分别带 +6.0 nC 和 -2.0 nC 的电荷，球心相距 3.0 cm。(a) 求它们之间库仑力的大小；(b) 让两球接触后再放回原处，求此时库仑力的大小。",
   (k*6e-9*2e-9/0.03**2, "N"), (k*2e-9*2e-9/0.03**2, "N"))
wp("f10-wp-zh-02", "真空中有一点电荷 Q = 8.0 μC。把电荷量为 2.0 nC 的试探电荷从距 Q 50 cm 处缓慢移到距 Q 20 cm 处，外力需要做多少功？",
   (k*8e-6*2e-9*(1/0.20-1/0.50), "J"))
p_dip = 3e-9*2e-3
wp("f10-wp-zh-03", "一个电偶极子由相距 2.0 mm 的 +3.0 nC 和 -3.0 nC 两个点电荷组成。求 (a) 电偶极矩的大小；(b) 在偶极子轴线上距中心 10 cm 处的电场强度大小（可用远场近似）。",
   (p_dip, "C·m"), (2*k*p_dip/0.10**3, "N/C"))
wp("f10-wp-zh-04", "半径 R = 10 cm 的均匀带电绝缘球体，总电荷量为五十纳库（50 nC）。求 (a) 距球心 4.0 cm 处和 (b) 距球心 20 cm 处的电场强度大小。",
   (k*50e-9*0.04/0.10**3, "N/C"), (k*50e-9/0.20**2, "N/C"))
wp("f10-wp-zh-05", "两块无限大平行平板分别均匀带有面电荷密度 +σ 和 -σ，σ = 2.0 μC/m²，两板间距 5.0 mm。求 (a) 两板之间的电场强度；(b) 两板之间的电势差。",
   (2e-6/eps0, "N/C"), (2e-6/eps0*5e-3, "V"))
wp("f10-wp-zh-06", "两根平行长直导线相距 10 厘米，分别通有 15 A 和 20 A 的同向电流。求每米长度导线所受安培力的大小。",
   (mu0*15*20/(2*pi*0.10), "N/m"))
Bsol = mu0*(1000/0.50)*0.50
wp("f10-wp-zh-07", "一个长 50 cm 的空心长直螺线管均匀密绕一千匝，通以 0.50 A 电流。(a) 求管内中部的磁感应强度；(b) 若管内充满相对磁导率 μr = 200 的铁芯（视为线性介质），磁感应强度变为多少？",
   (Bsol, "T"), (200*Bsol, "T"))
wp("f10-wp-zh-08", "一个螺绕环的平均半径为 15 cm，均匀绕有五百匝线圈，通以 1.2 A 电流。求环内平均半径处的磁感应强度大小。",
   (mu0*500*1.2/(2*pi*0.15), "T"))
wp("f10-wp-zh-09", "一个质子以 5.0×10^5 m/s 的速度垂直射入 0.20 T 的匀强磁场。求 (a) 它做圆周运动的半径；(b) 回旋频率。",
   (mp*5e5/(e*0.20), "m"), (e*0.20/(2*pi*mp), "Hz"))
wp("f10-wp-zh-10", "速度选择器中，匀强电场 E = 3.0×10^4 V/m，与之垂直的匀强磁场 B = 0.15 T。求能沿直线通过的带电粒子的速率。",
   (3.0e4/0.15, "m/s"))
wp("f10-wp-zh-11", "频率为 2.4 GHz 的电磁波，(a) 在真空中的波长是多少？(b) 进入相对介电常数 εr = 4.0、相对磁导率为 1 的无损介质后，波长是多少？",
   (c/2.4e9, "m"), (c/2.4e9/math.sqrt(4.0), "m"))
Ipt = 100/(4*pi*2.0**2)
wp("f10-wp-zh-12", "一个功率为 100 W 的点光源向各个方向均匀辐射。求距光源 2.0 m 处 (a) 电磁波的平均强度；(b) 电场强度的振幅。",
   (Ipt, "W/m^2"), (math.sqrt(2*Ipt/(c*eps0)), "V/m"))
wp("f10-wp-zh-13", "光从玻璃（n = 1.50）射向水（n = 1.33）的界面。求 (a) 发生全反射的临界角；(b) 布儒斯特角。",
   (deg(math.asin(1.33/1.50)), "deg"), (deg(math.atan(1.33/1.50)), "deg"))
nmed = math.sin(rad(45))/math.sin(rad(28))
wp("f10-wp-zh-14", "一束光从空气以 45° 的入射角射入某种透明介质，测得折射角为 28°。求 (a) 该介质的折射率；(b) 光在该介质中的传播速度。",
   (nmed, ""), (c/nmed, "m/s"))
wp("f10-wp-zh-15", "二维 FDTD 仿真（真空），网格在 x 方向步长 Δx = 1.0 mm，y 方向步长 Δy = 2.0 mm。根据 Courant 稳定性条件，时间步长 Δt 最大可以取多少？",
   (1/(c*math.sqrt(1/1e-3**2 + 1/2e-3**2)), "s"))

with open(os.path.join(HERE, "word-problems.jsonl"), "w", encoding="utf-8") as f:
    for w in WP:
        f.write(json.dumps(w, ensure_ascii=False) + "\n")
for w in WP:
    print("WP  ", w["id"], "  ".join(f"{x['value']:.6g} {x['unit']}" for x in w["expect"]))
