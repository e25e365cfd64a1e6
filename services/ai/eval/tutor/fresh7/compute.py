# Computations for blind set f7 (lead numeric musts + word problems)
from math import *
k=8.9875517923e9; e0=8.8541878128e-12; mu0=1.25663706212e-6
e=1.602176634e-19; me=9.1093837015e-31; mp=1.67262192369e-27; c=299792458
def s6(x): return float(f"{x:.6g}")
R={}
# ---- lead numeric checks
R['l02 E 5nC 30cm']=k*5e-9/0.3**2
R['l05 V 4uC 20cm']=k*4e-6/0.2
R['l07 E mid +-2uC 1m']=2*k*2e-6/0.5**2
R['l11 sheet 2uC/m2']=2e-6/(2*e0)
R['l13 line 5nC/m 10cm']=5e-9/(2*pi*e0*0.1)
R['l16 solid sphere R10 Q8n r5']=k*8e-9*0.05/0.1**3
R['l23 image force 1nC d2cm']=k*(1e-9)**2/(0.04)**2
R['l24 wire 10A 5cm']=mu0*10/(2*pi*0.05)
R['l26 loop R10cm 2A']=mu0*2/(2*0.1)
R['l29 electron r 1e6 0.01T']=me*1e6/(e*0.01)
R['l35 toroid 500 2A r10']=mu0*500*2/(2*pi*0.1)
R['l37 sheet K=10']=mu0*10/2
R['l39 solenoid n1000 3A']=mu0*1000*3
R['l41 L N200 l10 r1']=mu0*200**2*pi*0.01**2/0.1
R['l43 U 50mH 2A']=0.5*0.05*2**2
R['l45 emf']=100*0.2/0.1
R['l48 E0 for 1000W/m2']=sqrt(2*mu0*c*1000)
R['l50 dt 2D 1mm']=1e-3/(c*sqrt(2))
R['l54 snell 30 n1.5']=degrees(asin(sin(radians(30))/1.5))
R['l55 brewster 1.33']=degrees(atan(1.33))
R['l57 R n1.5']=100*((1.5-1)/(1.5+1))**2
R['l58 crit 1.5']=degrees(asin(1/1.5))
for kk,v in R.items(): print(f"{kk:35s} {v:.6g}")
print('---- word problems')
W={}
# EN
W['en01']=[k*2.5e-6*4e-6/0.12**2]                                  # N
W['en02']=[k*7e-9/0.4**2, -k*7e-9/0.4]                            # N/C, V
W['en03']=[3e-9*k*6e-9*(1/0.04-1/0.10)]                            # J
W['en04']=[k*15e-9*0.04/0.06**3, k*15e-9/0.25**2]                  # N/C, N/C
W['en05']=[3.5e-9/(2*pi*e0*0.09)]                                  # N/C
W['en06']=[4.2e-6/(2*e0)]                                          # N/C
W['en07']=[0.0, k*20e-9/0.30**2]                                   # N/C
W['en08']=[50e-6*2*pi*0.04/mu0]                                    # A
W['en09']=[mu0*3.5/(2*0.06), mu0*3.5*0.06**2/(2*(0.06**2+0.08**2)**1.5)]  # T,T
W['en10']=[mu0*(800/0.25)*1.5]                                     # T
W['en11']=[e*3e5*0.2]                                              # N
W['en12']=[me*4e6/(e*2e-3), 2*pi*me/(e*2e-3)]                      # m, s
W['en13']=[degrees(asin(1.33*sin(radians(35))))]                   # deg
W['en14']=[degrees(asin(1/2.42))]                                  # deg
W['en15']=[degrees(atan(1.52))]                                    # deg
W['en16']=[100*((2.42-1)/(2.42+1))**2]                             # %
W['en17']=[150/c, 150**2/(2*mu0*c)]                                # T, W/m^2
W['en18']=[0.5e-3/(c*sqrt(3))]                                     # s
# ZH
W['zh01']=[k*3e-6*5e-6/0.06**2]                                    # N
W['zh02']=[k*8e-9/0.03**2]                                         # N/C
W['zh03']=[k*2e-6/0.2 - k*2e-6/0.5, 1e-6*(k*2e-6/0.2-k*2e-6/0.5)]  # V (U_AB=V_A-V_B), J (work by field moving +1uC A->B)
W['zh04']=[k*10e-9*0.02/0.05**3]                                   # N/C
W['zh05']=[2*(2*pi*e0*0.04*2000)]                                  # C : charge on a 2 m length of line giving 2000 N/C at 4 cm
W['zh06']=[mu0*25/(2*pi*0.08)]                                     # T
W['zh07']=[mu0*600*4/(2*pi*0.2)]                                   # T
W['zh08']=[mu0*(2000/0.4)*0.5]                                     # T
W['zh09']=[me*2e7/(e*5e-3), 2*pi*me/(e*5e-3)]                      # m, s
W['zh10']=[degrees(asin(1.5*sin(radians(40))/1.33))]               # deg
W['zh11']=[sqrt(2*mu0*c*500), sqrt(2*mu0*c*500)/c]                 # V/m, T
W['zh12']=[c/sqrt(4), c/sqrt(4)/1e9]                               # m/s, m
for kk,v in W.items(): print(kk,[s6(x) for x in v])

# ---- independent double-checks (alternate forms of the same formulas)
eta0=mu0*c
chk={
 'en01': 2.5e-6*4e-6/(4*pi*e0*0.12**2),
 'en03': 3e-9*(6e-9/(4*pi*e0))*(25-10),
 'en04b': 15e-9/(4*pi*e0*0.0625),
 'en05': 2*k*3.5e-9/0.09,
 'en06': 4.2e-6/2/e0,
 'en09a': 2e-7*pi*3.5/0.06,
 'en10': 4e-7*pi*3200*1.5,
 'en12b': 2*pi*(me*4e6/(e*2e-3))/4e6,
 'en17b': 150**2/(2*eta0),
 'en18': 1/(c*sqrt(3/(0.5e-3)**2)),
 'zh01': 3e-6*5e-6/(4*pi*e0*0.0036),
 'zh06': 2e-7*25/0.08,
 'zh07': 2e-7*600*4/0.2,
 'zh09b': 2*pi*0.0227425/2e7,
 'zh11a': sqrt(2*eta0*500),
 'zh05': 2*0.04*2000/(2*k),
}
ref={'en01':W['en01'][0],'en03':W['en03'][0],'en04b':W['en04'][1],'en05':W['en05'][0],'en06':W['en06'][0],
 'en09a':W['en09'][0],'en10':W['en10'][0],'en12b':W['en12'][1],'en17b':W['en17'][1],'en18':W['en18'][0],
 'zh01':W['zh01'][0],'zh06':W['zh06'][0],'zh07':W['zh07'][0],'zh09b':W['zh09'][1],'zh11a':W['zh11'][0],'zh05':W['zh05'][0]}
for kk in chk:
    assert abs(chk[kk]-ref[kk])<=1e-5*abs(ref[kk]), (kk,chk[kk],ref[kk])
print('double-checks OK:',len(chk))
