import { describe, expect, it } from 'vitest';
import { read, solve } from './solver.test-support.js';

describe('the problem solver on charges and currents in magnetic fields', () => {
  it('uses the angle between the velocity and B (|q|vB sin θ, a helix of radius mv sin θ/(|q|B)), 90° when none is given', () => {
    // Moving along B: no force, and no circle to give a radius of.
    expect(
      solve('A 5 μC bead moving parallel to a 0.4 T magnetic field at 30 m/s: magnetic force?'),
    ).toContain('**Result:** F = 0 N');
    expect(solve('质子以 2e5 m/s 的速度沿磁场方向运动，磁场 0.1 T，求轨道半径')).not.toMatch(/\*\*结果/);
    // mₚ·2e5·sin 60°/(e·0.1)
    expect(solve('A proton moves at 2e5 m/s at 60° to a 0.1 T field. Radius of its helix?')).toContain(
      'r = 0.0181 m',
    );
    // 2e-6 · 400 · 0.5 · sin 45°; read without the angle it was declined as ignoring 45°.
    expect(
      solve(
        'A bead carrying 2 μC moves at 400 m/s making an angle of 45 degrees with a 0.5 T field. Magnetic force on it?',
      ),
    ).toContain('**Result:** F = 2.83 × 10⁻⁴ N');
    expect(solve('带电 3 μC 的小球以 200 m/s 运动，速度与 0.2 T 磁场夹角 30 度，求洛伦兹力')).toContain(
      'F = 6.00 × 10⁻⁵ N',
    );
    expect(
      solve('A 3 μC charge moves at 200 m/s at right angles to a 0.2 T magnetic field. Magnetic force?'),
    ).toContain('F = 1.20 × 10⁻⁴ N');
  });

  it("answers a loop's field at its centre and at a point on its axis, in the question's order", () => {
    // μ₀·10·1.5/(2·0.04), then μ₀·10·1.5·0.04²/(2·(0.04² + 0.03²)^{3/2}).
    const reply = solve(
      'A 10-turn coil of radius 4 cm carries 1.5 A. How strong is B at its centre, and at a point on its axis 3 cm from the centre?',
    );
    const centre = reply.indexOf('B = 2.36 × 10⁻⁴ T');
    expect(centre).toBeGreaterThan(0);
    expect(reply.indexOf('B = 1.21 × 10⁻⁴ T')).toBeGreaterThan(centre);
    // Asked on the axis only, "from the centre" is where z is measured from, not a part of its own.
    const axis = solve('A 10-turn coil of radius 4 cm carries 1.5 A. B on its axis 3 cm from the centre?');
    expect(axis).toContain('B = 1.21 × 10⁻⁴ T');
    expect(axis).not.toContain('2.36');
  });

  it('reads turns per length written divisor first, a verb between (每厘米绕有 15 匝), both ways round', () => {
    expect(read('每厘米绕有 15 匝，通以 2 安电流')).toEqual([
      ['density', 1500],
      ['current', 2],
    ]);
    // μ₀·1500·2, and I = 2.5 mT/(μ₀·2000) solved backwards.
    expect(solve('一个螺线管每厘米绕有 15 匝，通以 2 安电流，求管内磁场')).toContain('B = 0.00377 T');
    expect(solve('螺线管每毫米绕 2 匝，管内磁场 2.5 mT，电流多大')).toContain('I = 0.995 A');
  });

  it('takes the charge and mass of particles named instead of given, signed, in order, counted', () => {
    // k·e²/(2 nm)²: a proton and an electron attract.
    const pair = solve('a proton and an electron sit 2 nm apart: how strong is their attraction?');
    expect(pair).toContain('F = 5.77 × 10⁻¹¹ N');
    expect(pair).toContain('attractive');
    // 两个: the same particle twice; 质子 repel.
    expect(solve('两个质子相距 3 nm，求它们之间的库仑力')).toMatch(/F = 2\.56 × 10⁻¹¹ N.*斥力/);
    // Two particles for the one charge and mass of an orbit: which one is meant is unclear.
    expect(
      solve(
        'an electron and a proton enter a 0.2 T magnetic field at 1e6 m/s perpendicular to it. radius of the circle?',
      ),
    ).not.toMatch(/\*\*Result/);
  });

  it("answers a coil's stored magnetic energy (磁能), and a solenoid's inductance then its energy, in that order", () => {
    // ½ · 0.3 · 2²
    expect(solve('电感为 0.3 亨的线圈通 2 安电流时储存的磁能是多少')).toContain('U = 0.600 J');
    // L = μ₀·600²·π·0.02²/0.3, then ½LI² at 1.5 A from that L.
    const reply = solve(
      'A solenoid of 600 turns, 30 cm long, radius 2 cm: find its inductance and the energy it stores carrying 1.5 A',
    );
    const inductance = reply.indexOf('L = 0.00189 H');
    expect(inductance).toBeGreaterThan(0);
    expect(reply.indexOf('U = 0.00213 J')).toBeGreaterThan(inductance);
  });

  it("answers a toroid's field at its inner and outer radius, or at the mean radius, and declines a point it cannot place", () => {
    // μ₀·300·4/(2π·0.05), then at 0.07 m.
    const reply = solve(
      'A toroidal coil has 300 turns, 4 A, inner radius 5 cm, outer radius 7 cm. Field at the inner edge and at the outer edge?',
    );
    const inner = reply.indexOf('B = 0.00480 T');
    expect(inner).toBeGreaterThan(0);
    expect(reply.indexOf('B = 0.00343 T')).toBeGreaterThan(inner);
    // μ₀·2000·0.5/(π·(0.2 + 0.3))
    expect(
      solve('螺绕环共 2000 匝，通 0.5 A 电流，内半径 20 cm，外半径 30 cm，求平均半径处的磁感应强度'),
    ).toContain('B = 8.00 × 10⁻⁴ T');
    // A point given by its distance from the centre, between the radii, is in the core: μ₀·500·2/(2π·0.1).
    expect(
      solve('toroid with 500 turns, inner radius 8 cm, outer radius 12 cm, 2 A. B at 10 cm from the centre?'),
    ).toContain('B = 0.00200 T');
  });

  it('solves an orbit given its radius back for the speed, then answers its period', () => {
    // v = eBr/mₑ at 2 mm in 0.01 T, then T = 2πmₑ/(eB).
    const reply = solve(
      'An electron circles with radius 2 mm in a 0.01 T magnetic field. What is its speed, and the period of its orbit?',
    );
    const speed = reply.indexOf('v = 3.52 × 10⁶ m/s');
    expect(speed).toBeGreaterThan(0);
    expect(reply.indexOf('T = 3.57 × 10⁻⁹ s')).toBeGreaterThan(speed);
  });

  it('gives the speed a particle gains from rest through a voltage, and chains it into its orbit in B', () => {
    // √(2e·2000/mₚ), then mₚv/(eB) in 0.5 T; the speed is a step, the radius the one result.
    const reply = solve('质子从静止经 2000 V 电压加速，然后垂直射入 0.5 T 的匀强磁场，求轨道半径');
    expect(reply).toContain('**中间量：** v = 619000 m/s');
    expect(reply).toContain('**结果：** r = 0.0129 m');
    expect(reply.match(/\*\*结果/g)).toHaveLength(1);
    expect(
      solve('How fast is an alpha particle moving after it is accelerated from rest through 1 kV?'),
    ).toContain('**Result:** v = 311000 m/s');
    // Asked only the speed, the energy qV the same words describe is not the answer that leads.
    const speed = solve('A proton is accelerated through 300 V. How fast does it end up going?');
    expect(speed).toContain('**Result:** v = 240000 m/s');
    expect(speed).not.toContain(' J');
  });

  it('reads a field that changes over an interval as dB/dt for the emf of a coil it crosses (N A |ΔB|/Δt)', () => {
    // 80 · 1.2e-3 m² · (0.9 T / 0.06 s) = 1.44 V; 单匝 30 cm² 的线圈: 3e-3 · 0.25/0.05 = 0.015 V.
    expect(
      solve(
        'An 80-turn square loop of 12 cm² sits in a field perpendicular to it, which goes down evenly from 1.0 T to 0.1 T in 60 ms. Average emf?',
      ),
    ).toContain('|ε| = 1.44 V');
    expect(
      solve(
        '面积 30 cm² 的单匝线圈平面与磁场垂直，磁感应强度在 0.05 s 内从 0.05 T 均匀增加到 0.30 T，求感应电动势',
      ),
    ).toMatch(/\|ε\| = 0\.015/);
    // Without an interval it is two fields, not a rate; a tilt the result would ignore: no number.
    expect(
      solve('A 10-turn coil of 20 cm² is perpendicular to a field that rises from 0.2 T to 0.6 T. emf?'),
    ).not.toContain('**Result:**');
    expect(
      solve(
        'A 10-turn coil of 20 cm², its normal at 40° to a field perpendicular to the floor that rises from 0.2 T to 0.6 T in 0.1 s. emf?',
      ),
    ).not.toContain('**Result:**');
  });

  it('takes the angle between a wire and B in its force (ILB sin θ), zero along B, 90° when none is given', () => {
    // 3 A · 0.6 m · 0.25 T · sin 50°; without the angle it was declined as ignoring 50°.
    expect(
      solve('A 60 cm rod carrying 3 A lies at 50 degrees to a 0.25 T field. Force on the rod?'),
    ).toContain('**Result:** F = 0.345 N');
    // 2 A · 0.4 m · 0.5 T · sin 37°
    expect(solve('长 40 cm 的导线通有 2 A 电流，与 0.5 T 的匀强磁场成 37° 角，求导线所受安培力')).toContain(
      'F = 0.241 N',
    );
    // Along B no force; read without the direction it was ILB = 0.36 N.
    expect(
      solve('A 20 cm wire carrying 6 A runs parallel to the magnetic field of 0.3 T. Force on the wire?'),
    ).toContain('**Result:** F = 0 N');
    expect(solve('长 50 cm、通有 3 A 电流的导线沿磁场方向放在 0.4 T 的匀强磁场中，求安培力')).toContain(
      'F = 0 N',
    );
    expect(
      solve('A wire 30 cm long carries 5 A perpendicular to a 0.2 T field. Force on the wire?'),
    ).toContain('**Result:** F = 0.300 N');
  });

  it("answers a coax's field in each region its radii name: the inner conductor, the gap, the outer conductor", () => {
    // μ₀·6·0.75 mm/(2π·(1.5 mm)²), μ₀·6/(2π·2 mm), μ₀·6·(4² − 3.5²)/(2π·3.5 mm·(4² − 3²)).
    const reply = solve(
      'A coax line: its solid inner conductor of radius 1.5 mm and an outer conductor with inner radius 3.0 mm and outer radius 4.0 mm each carry 6.0 A (opposite ways), spread uniformly. What is B (a) 0.75 mm from the axis, (b) 2.0 mm from the axis and (c) 3.5 mm from the axis?',
    );
    const core = reply.indexOf('B = 4.00 × 10⁻⁴ T');
    expect(core).toBeGreaterThan(0);
    expect(reply.indexOf('B = 6.00 × 10⁻⁴ T')).toBeGreaterThan(core);
    expect(reply.indexOf('B = 1.84 × 10⁻⁴ T')).toBeGreaterThan(reply.indexOf('B = 6.00 × 10⁻⁴ T'));
    // The outer radius is the outer conductor's, never its inner one ("内外导体" after a number is no cue).
    expect(
      solve(
        '同轴线的内导体半径 0.8 mm，外导体内半径 3.0 mm、外半径 3.6 mm，内外导体通有 4.0 A 的等大反向电流，均匀分布。求距轴线 3.3 mm 处的磁感应强度。',
      ),
    ).toContain('B = 1.27 × 10⁻⁴ T');
    // A thin return conductor (no outer radius): the returning 5 A is the same current, not an unused one.
    expect(
      solve(
        'A coaxial line has a solid inner conductor of radius 2.0 mm with 5.0 A spread evenly, and a thin outer conductor of radius 6.0 mm carrying 5.0 A back. B 1.0 mm from the axis?',
      ),
    ).toContain('B = 2.50 × 10⁻⁴ T');
    // Beyond every region named (and so beyond three results of one family): no number, and no crash.
    expect(
      solve(
        'A coax line: its solid inner conductor of radius 1.5 mm and an outer conductor with inner radius 3.0 mm and outer radius 4.0 mm each carry 6.0 A (opposite ways), spread uniformly. What is B 6.0 mm from the axis?',
      ),
    ).not.toContain('**Result:**');
    // "Inner radius" and "outer radius" of a cable say no inner conductor's radius: declined.
    expect(
      solve(
        'A coaxial cable has inner radius 1 mm and outer radius 4 mm and carries 10 A. Find B 2.0 mm from the axis.',
      ),
    ).not.toContain('**Result:**');
  });

  it('answers a rod on rails in parts: its emf BLv, the current BLv/R and the force B²L²v/R that keeps it moving', () => {
    // 0.8·0.5·4 = 1.6 V; 1.6/2 = 0.8 A; 0.8·0.5·0.8 = 0.32 N.
    const reply = solve(
      'A copper rod 50 cm long is dragged at a steady 4.0 m/s along a pair of rails through a 0.80 T field at right angles to them, with 2.0 Ω in the loop. Find the emf induced, the current in the loop and the force that keeps the rod at that speed.',
    );
    expect(reply).toContain('ε = 1.60 V');
    expect(reply).toContain('I = 0.800 A');
    expect(reply).toContain('F = 0.320 N');
    // 外力 asks the force: 0.5²·0.2²·6/3 = 0.02 N.
    expect(
      solve(
        '金属杆长 20 cm，在 0.50 T 的匀强磁场中沿导轨以 6.0 m/s 匀速运动，回路总电阻 3.0 Ω，求维持匀速所需的外力。',
      ),
    ).toContain('F = 0.0200 N');
    // A resistance the answer does not use is never passed over: the emf alone is not asserted.
    expect(
      solve(
        'A copper rod 50 cm long moves at 4.0 m/s across a 0.80 T field on rails, with 12 Ω in the loop. What is its emf?',
      ),
    ).not.toContain('**Result:**');
  });
});

describe("a solenoid's inductance with an iron core", () => {
  it('is μr times the air-cored μ₀N²A/ℓ, μr given by its symbol or its words, each part where it is asked', () => {
    // 600·μ₀·800²·2.0e-4/0.40 = 0.241 H; without the core μ₀·800²·2.0e-4/0.40 = 402 μH.
    expect(
      solve(
        'A solenoid 40 cm long with a cross-section of 2.0 cm² has 800 turns wound on an iron core of relative permeability 600. What is its inductance?',
      ),
    ).toContain('L_core = 0.241 H');
    const both = solve(
      'A solenoid 40 cm long with a cross-section of 2.0 cm² has 800 turns. Find its inductance with no core, and then with an iron core of relative permeability 600 inserted.',
    );
    expect(both).toContain('L = 4.02 × 10⁻⁴ H');
    expect(both).toContain('L_core = 0.241 H');
    // 250·μ₀·1000²·3.0e-4/0.20 = 0.471 H; air-cored 1.88 mH.
    const zh = solve(
      '一个长 20 cm、截面积 3.0 cm² 的螺线管绕有 1000 匝，求 (1) 空心时的自感；(2) 插入 μr = 250 的铁芯后的自感。',
    );
    expect(zh).toContain('L = 0.00188 H');
    expect(zh).toContain('L_core = 0.471 H');
    // The core's μr is no refractive index, and the air-cored field μ₀nI is not the cored one.
    expect(
      solve(
        'A solenoid 40 cm long has 800 turns on an iron core of relative permeability 600 and carries 2.0 A. What is the field inside?',
      ),
    ).not.toContain('**Result:**');
    // A permeability given with a permittivity is a medium's, read once as its index √(εr μr): λ = c/(2·100 MHz).
    expect(
      solve(
        'A 100 MHz wave travels in a medium of relative permittivity 4 and relative permeability 1. What is its wavelength there?',
      ),
    ).toContain('λ = 1.50 m');
  });
});
