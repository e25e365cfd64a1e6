import { describe, expect, it } from 'vitest';
import { solve } from './solver.test-support.js';

describe('the problem solver on a charging capacitor (Ampère–Maxwell)', () => {
  it('answers the displacement current ε₀(πR²/d)dV/dt and B between the plates from the voltage rate', () => {
    // ε₀·π·0.05²/0.002·1e6 = 3.48e-5 A; μ₀ε₀·0.03·1e6/(2·0.002) = 8.34e-11 T.
    const zh = solve(
      '平行板电容器的圆形极板半径 5.0 cm，相距 2.0 mm，充电时两板间电压以 1.0×10⁶ V/s 增大。求：(1) 两板间的位移电流；(2) 距中心轴 3.0 cm 处的磁感应强度。',
    );
    expect(zh).toContain('I_d = 3.48 × 10⁻⁵ A');
    expect(zh).toContain('B = 8.34 × 10⁻¹¹ T');
    // Beyond the rim the whole displacement current is enclosed: μ₀ε₀·0.02²·4e6/(2·0.001·0.05) = 1.78e-10 T.
    expect(
      solve(
        'Round capacitor plates 2.0 cm in radius sit 1.0 mm apart and the voltage between them climbs at 4.0 × 10^6 V/s. How strong is the magnetic field 5.0 cm from the axis, outside the plates?',
      ),
    ).toContain('B = 1.78 × 10⁻¹⁰ T');
    // A gap no smaller than the plates is no parallel-plate field: nothing asserted.
    expect(
      solve(
        'Round capacitor plates 2.0 cm in radius sit 3.0 cm apart and the voltage between them climbs at 4.0 × 10^6 V/s. What is the displacement current?',
      ),
    ).not.toContain('**Result:**');
  });

  it('answers the displacement current ε₀πR² dE/dt from the rate of the field itself', () => {
    // ε₀·π·0.03²·5e11 = 0.0125 A.
    expect(
      solve(
        'Round plates of radius 3.0 cm; the field between them grows at 5.0 × 10^11 V/(m·s). Find the displacement current.',
      ),
    ).toContain('I_d = 0.0125 A');
    expect(solve('圆形极板半径 4.0 cm，板间电场以 1.0×10¹² V/(m·s) 的变化率增大，求位移电流。')).toContain(
      'I_d = 0.0445 A',
    );
  });
});
