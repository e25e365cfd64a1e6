#!/usr/bin/env python3
"""Computes every numeric answer for the blind8 sets and writes word-problems.jsonl.
Also prints the numbers used in lead.jsonl `must` groups (checked by hand)."""
import json, math, os
k = 8.9875517923e9; eps0 = 8.8541878128e-12; mu0 = 1.25663706212e-6
e = 1.602176634e-19; me = 9.1093837015e-31; mp = 1.67262192369e-27; c = 299792458
pi = math.pi; deg = math.degrees; rad = math.radians
def s6(x): return float(f"{x:.6g}")

# ---------------- lead.jsonl numeric checks ----------------
lead = {
 "es field 5nC @20cm": k*5e-9/0.2**2,
 "es force 2uC,-4uC @30cm": k*2e-6*4e-6/0.3**2,
 "es V 1nC @10cm": k*1e-9/0.1,
 "gauss flux 2nC": 2e-9/eps0,
 "gauss sheet 3uC/m2": 3e-6/(2*eps0),
 "gauss line 5nC/m @10cm": 5e-9/(2*pi*eps0*0.1),
 "amp coax 2A @3mm": mu0*2/(2*pi*0.003),
 "amp sheet K=10": mu0*10/2,
 "ms wire force": 0.5*3*0.2,
 "ms wire 10A @5cm": mu0*10/(2*pi*0.05),
 "ms loop center R10cm I5A": mu0*5/(2*0.1),
 "sol B n1000 I2": mu0*1000*2,
 "sol U 50mH 2A": 0.5*0.05*2**2,
 "sol L 500 turns 2cm2 20cm": mu0*500**2*2e-4/0.2,
 "wave B from E=300": 300/c,
 "fdtd 1D dt dx=1mm": 1e-3/c,
 "wave E0 from I=1000": math.sqrt(2*1000/(c*eps0)),
 "fres crit 1.5": deg(math.asin(1/1.5)),
 "fres brewster 1.33": deg(math.atan(1.33)),
 "fres R 1.5 (%)": 100*((1.5-1)/(1.5+1))**2,
 "fres refr water->glass 30": deg(math.asin(1.33*math.sin(rad(30))/1.5)),
 "fres crit diamond 2.42": deg(math.asin(1/2.42)),
 "lap image 2nC 5cm": k*(2e-9)**2/(2*0.05)**2,
}
for n, v in lead.items(): print(f"LEAD {n:32s} {v:.6g}")

# ---------------- word problems ----------------
WP = []
def wp(id_, q, *vals):
    WP.append({"id": id_, "q": q, "expect": [{"value": s6(v), "unit": u} for v, u in vals]})

# en-01 Coulomb
wp("f8-wp-en-01", "Two small spheres carry charges of plus four point five nanocoulombs and minus six nC, and their centres are 2.5 cm apart. What is the magnitude of the electric force between them?",
   (k*4.5e-9*6e-9/0.025**2, "N"))
# en-02 point charge field + potential
q = -3e-6; r = 0.40
wp("f8-wp-en-02", "A point charge of -3 μC sits alone in space. At a point 40 cm away, find (a) the magnitude of the electric field and (b) the electric potential (taking V = 0 at infinity).",
   (k*abs(q)/r**2, "N/C"), (k*q/r, "V"))
# en-03 uniformly charged insulating ball
Q = 20e-9; R = 0.05
wp("f8-wp-en-03", "An insulating ball of radius 5 cm has 20 nC distributed uniformly through its volume. What is the electric field magnitude (a) 2 cm from the centre and (b) 12 cm from the centre?",
   (k*Q*0.02/R**3, "N/C"), (k*Q/0.12**2, "N/C"))
# en-04 line charge
wp("f8-wp-en-04", "A very long straight rod carries a uniform linear charge density of 8 nC/m. How strong is the electric field 2.5 cm from the rod (far from its ends)?",
   (8e-9/(2*pi*eps0*0.025), "N/C"))
# en-05 line charge backwards
E = 5400; r = 0.06
wp("f8-wp-en-05", "The electric field 6 cm from a long, thin, uniformly charged thread is measured to be 5400 N/C, pointing away from the thread. What is the thread's linear charge density?",
   (E*2*pi*eps0*r, "C/m"))
# en-06 conducting sphere surface
Q = 30e-9; R = 0.15
wp("f8-wp-en-06", "An isolated conducting sphere of radius 15 cm holds a net charge of 30 nC. Find (a) the electric field magnitude just outside its surface and (b) the potential of the sphere relative to infinity.",
   (k*Q/R**2, "N/C"), (k*Q/R, "V"))
# en-07 thin shell backwards + inside
E = 9000; r = 0.25
wp("f8-wp-en-07", "A thin spherical shell of radius 10 cm carries a uniformly spread positive charge. The field 25 cm from the centre is 9000 N/C. What is the total charge on the shell, and also what is the electric potential of the shell itself (V = 0 at infinity)?",
   (E*r**2/k, "C"), (E*r**2/0.10, "V"))
# en-08 straight wire
wp("f8-wp-en-08", "A long straight wire carries a steady current of 15 A. What is the magnetic field magnitude 3 mm from the wire?",
   (mu0*15/(2*pi*0.003), "T"))
# en-09 wire backwards
B = 2.0e-4; r = 0.015
wp("f8-wp-en-09", "A compass probe reads a magnetic field of 0.20 mT at a distance of 1.5 cm from a long straight power cable (ignore the Earth's field). What current flows in the cable?",
   (2*pi*r*B/mu0, "A"))
# en-10 loop centre + axis
I = 4; R = 0.08; z = 0.06
wp("f8-wp-en-10", "A single circular loop of radius 8 cm carries 4 A. Find the magnetic field magnitude (a) at the centre of the loop and (b) on the loop's axis 6 cm from the centre.",
   (mu0*I/(2*R), "T"), (mu0*I*R**2/(2*(R**2+z**2)**1.5), "T"))
# en-11 solenoid
wp("f8-wp-en-11", "A long solenoid is 25 cm long and has 800 turns of wire carrying 1.2 A. Find the magnetic field inside it, away from the ends.",
   (mu0*800/0.25*1.2, "T"))
# en-12 force on a moving proton
wp("f8-wp-en-12", "A proton moves at 3.0 × 10^5 m/s at an angle of 30° to a uniform 0.8 T magnetic field. What is the magnitude of the magnetic force on it?",
   (e*3e5*0.8*math.sin(rad(30)), "N"))
# en-13 electron cyclotron
v = 1.5e7; B = 2.0e-3
wp("f8-wp-en-13", "An electron moving at 1.5 × 10^7 m/s enters a uniform 2.0 mT magnetic field perpendicular to its velocity. Find the radius of its circular path and the period of the motion.",
   (me*v/(e*B), "m"), (2*pi*me/(e*B), "s"))
# en-14 Snell + critical
n = 1.52
wp("f8-wp-en-14", "Light in air strikes a flat glass surface (n = 1.52) at 40° from the normal. (a) What is the angle of refraction? (b) What is the critical angle for light going from this glass back into air?",
   (deg(math.asin(math.sin(rad(40))/n)), "°"), (deg(math.asin(1/n)), "°"))
# en-15 normal reflectance diamond
n = 2.42
wp("f8-wp-en-15", "What percentage of light intensity is reflected when light hits a diamond (n = 2.42) from air at normal incidence?",
   (100*((n-1)/(n+1))**2, "%"))
# en-16 wave B0 + intensity
E0 = 450
wp("f8-wp-en-16", "A plane electromagnetic wave in vacuum has an electric field amplitude of 450 V/m. Find the amplitude of its magnetic field and its time-averaged intensity.",
   (E0/c, "T"), (0.5*c*eps0*E0**2, "W/m^2"))
# en-17 3D FDTD Courant
dx = 2e-3
wp("f8-wp-en-17", "A 3D FDTD simulation in vacuum uses a uniform cubic Yee grid with Δx = Δy = Δz = 2 mm. What is the largest time step allowed by the Courant stability condition?",
   (dx/(c*math.sqrt(3)), "s"))
# en-18 image charge
q = 5e-9; d = 0.03
wp("f8-wp-en-18", "A point charge of 5 nC is held 3 cm from a large grounded conducting plane. Using the method of images, what is the magnitude of the force the plane exerts on the charge?",
   (k*q**2/(2*d)**2, "N"))

# zh-01 Coulomb
wp("f8-wp-zh-01", "两个点电荷分别带 +2 微库 和 +5 微库，相距三十厘米，求它们之间库仑力的大小。",
   (k*2e-6*5e-6/0.3**2, "N"))
# zh-02 point charge backwards + potential
E = 4.5e4; r = 0.20
Qz = E*r**2/k
wp("f8-wp-zh-02", "一个正点电荷在距离它 20 cm 处产生的电场强度为 4.5×10^4 N/C。求 (a) 该电荷的电荷量；(b) 该处的电势（取无穷远处为零）。",
   (Qz, "C"), (k*Qz/r, "V"))
# zh-03 infinite sheet
wp("f8-wp-zh-03", "一块很大的均匀带电平面，面电荷密度为 2 微库每平方米，求它附近的电场强度大小。",
   (2e-6/(2*eps0), "N/C"))
# zh-04 toroid
wp("f8-wp-zh-04", "一个螺绕环共绕 1000 匝，通以 0.8 A 电流，求环内距中心轴 10 厘米处的磁感应强度。",
   (mu0*1000*0.8/(2*pi*0.10), "T"))
# zh-05 solenoid backwards
wp("f8-wp-zh-05", "一个长直螺线管每米绕 2000 匝，测得管内磁场为 5 mT，求线圈中的电流。",
   (5e-3/(mu0*2000), "A"))
# zh-06 proton cyclotron backwards
B = 0.5; r = 0.10
wp("f8-wp-zh-06", "质子在 0.5 T 的匀强磁场中做半径为 10 cm 的匀速圆周运动（速度垂直于磁场），求它的速率，以及运动的周期。",
   (e*B*r/mp, "m/s"), (2*pi*mp/(e*B), "s"))
# zh-07 Brewster
wp("f8-wp-zh-07", "光从空气射向折射率为 1.5 的玻璃，求布儒斯特角。",
   (deg(math.atan(1.5)), "°"))
# zh-08 critical angle water
wp("f8-wp-zh-08", "光从水（n=1.33）射向空气，发生全反射的临界角是多少度？",
   (deg(math.asin(1/1.33)), "°"))
# zh-09 normal reflectance water
n = 1.33
wp("f8-wp-zh-09", "光从空气垂直入射到水面（n = 1.33），反射率是百分之几？",
   (100*((n-1)/(n+1))**2, "%"))
# zh-10 wave speed in dielectric
wp("f8-wp-zh-10", "电磁波在相对介电常数为 2.25、相对磁导率为 1 的无损介质中传播，求波速。",
   (c/math.sqrt(2.25), "m/s"))
# zh-11 intensity backwards -> E0, B0
I = 500
E0z = math.sqrt(2*I/(c*eps0))
wp("f8-wp-zh-11", "真空中一束平面电磁波的平均强度为 500 W/m²，求电场振幅，以及磁场振幅。",
   (E0z, "V/m"), (E0z/c, "T"))
# zh-12 1D FDTD with Courant number 0.5
wp("f8-wp-zh-12", "一维 FDTD 仿真（真空），空间步长 Δx = 5 毫米，Courant 数 S = cΔt/Δx 取 0.5，求时间步长 Δt。",
   (0.5*5e-3/c, "s"))

# independent re-check of a few with alternative formulas
assert abs(WP[2]["expect"][1]["value"] - s6(20e-9/(4*pi*eps0*0.12**2))) / WP[2]["expect"][1]["value"] < 1e-5
assert abs(WP[3]["expect"][0]["value"] - s6(2*k*8e-9/0.025)) / WP[3]["expect"][0]["value"] < 1e-5
assert abs(WP[17]["expect"][0]["value"] - s6(q**2/(16*pi*eps0*d**2))) / WP[17]["expect"][0]["value"] < 1e-5
assert abs(k - 1/(4*pi*eps0)) / k < 1e-9
assert abs(c - 1/math.sqrt(mu0*eps0)) / c < 1e-9

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "word-problems.jsonl"), "w", encoding="utf-8") as f:
    for r_ in WP: f.write(json.dumps(r_, ensure_ascii=False) + "\n")
for r_ in WP: print(r_["id"], [(x["value"], x["unit"]) for x in r_["expect"]])
