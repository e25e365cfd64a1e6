import { describe, expect, it } from 'vitest';
import { read, solve } from './solver.test-support.js';

describe('a part is answered by a result of the quantity it asks for', () => {
  it('answers a potential energy in joules, never with a potential in volts', () => {
    const reply = solve(
      'Two small spheres carry +4.0 nC and −6.0 nC and sit 5.0 cm apart. What is the force between them, and what is their potential energy?',
    );
    expect(reply).not.toMatch(/\*\*Result:\*\* V =/);
    // k·4e-9·(−6e-9)/0.05, its sign kept: the size word is not about this part.
    expect(reply).toMatch(/\*\*Result:\*\* U = -4\.31 × 10⁻⁶ J/);
    const zh = solve('两个点电荷分别带 2.0 μC 和 3.0 μC，相距 30 cm，求该系统的电势能。');
    expect(zh).not.toMatch(/结果：\*\* V =/);
    expect(zh).toMatch(/U = 0\.180 J/);
  });

  it('states as a size only the quantity the size word is about', () => {
    const reply = solve(
      'Charges of 3.0 nC and −2.0 nC are 4.0 cm apart. Give the magnitude of the force of attraction and also their potential energy.',
    );
    expect(reply).toMatch(/U = -1\.35 × 10⁻⁶ J/);
  });

  it("keeps a circle's or a long wire's result away from a loop of another shape", () => {
    // A rectangle's side is no circle's radius and no distance from a long wire.
    for (const q of [
      'A triangular coil of side 12 cm carries 1.5 A. How strong is the magnetic field at its centre?',
      'A rectangular loop carries 4 A; its long side is 30 cm. Find B at the middle of the loop.',
      '一个三角形线圈边长 8 cm，通有 2 A 电流，求中心处的磁感应强度。',
    ])
      expect(solve(q)).not.toMatch(/\*\*(Result|结果)/);
    // A square one has its own result (the notes' finite segments): 2√2·μ₀·5/(π·0.25).
    expect(solve('A square frame of wire, each side 25 cm, carries 5.0 A. What is B at the centre?')).toMatch(
      /B = 2\.26 × 10⁻⁵ T/,
    );
    // "Square metres" names no shape: a circular coil keeps its result.
    expect(
      solve('A circular coil of radius 10 cm, area 0.0314 square metres, carries 2 A. B at its centre?'),
    ).toMatch(/B = 1\.26 × 10⁻⁵ T/);
  });

  it('never reads a coordinate of a point as a distance', () => {
    for (const q of [
      'Two charges of +3.0 nC each sit at (0, 0) and (0.40 m, 0). Point P is at (0.20 m, 0.15 m). Find (a) the field at P, (b) the potential at P, and (c) the force on a 2.0 nC charge at P.',
      'A 3.0 nC charge sits at the origin. What is the electric field at the point (0.40 m, 0.30 m)?',
      'Charges of +4.0 nC and −4.0 nC are held at (0, 0) and (0.20 m, 0). Find the potential at (0.10 m, 0.10 m).',
      '电荷 q = 5.0 nC 位于原点，求点（0.30 m，0.40 m）处的电场强度。',
    ])
      expect(solve(q)).not.toMatch(/\*\*(Result|结果)/);
    // A distance written as one is still read: k·3e-9/0.5².
    expect(solve('A 3.0 nC charge: what is the electric field 0.50 m from it?')).toMatch(/E = 108 /);
  });

  it('answers an angle the question names beside the angle it gives, each part in order', () => {
    // n = 1.50 at 40°: refraction asin(sin 40°/1.5), R_s, then atan 1.5 — none left out.
    const reply = solve(
      "A beam in air meets a plastic block with refractive index 1.50 at 40°. Give the angle of refraction, the s-polarized reflectance, and Brewster's angle for the block.",
    );
    const results = [...reply.matchAll(/\*\*Result:\*\* (\S+) = ([\d.]+)/g)].map((m) => [m[1], m[2]]);
    expect(results).toEqual([
      ['θ₂', '25.4°'.replace('°', '')],
      ['R_s', '0.0772'],
      ['θ_B', '56.3'],
    ]);
    expect(solve('光从空气射入折射率为 1.50 的塑料，入射角 40°，求折射角和布儒斯特角。')).toMatch(
      /θ_B = 56\.3°/,
    );
  });

  it('gives a written index to the medium after a word of direction, not to the one before it', () => {
    // 空气 (n = 1) first, then the 1.50 the light goes into: never air of index 1.50.
    expect(read('光从空气射入折射率为 1.50 的塑料，入射角 40°').filter(([k]) => k === 'index')).toEqual([
      ['index', 1],
      ['index', 1.5],
    ]);
  });

  it('says plainly that labelled parts it could not answer are left, never dropping them silently', () => {
    const left = /Not every part the question asks is answered above/;
    expect(
      solve(
        'A long straight wire carries 3.0 A. (a) What is B 5.0 cm from it? (b) What is the vector potential there?',
      ),
    ).toMatch(left);
    expect(
      solve('一根长直导线通有 3.0 A 电流。(1) 求距导线 5.0 cm 处的磁感应强度；(2) 求该处的磁矢势。'),
    ).toMatch(/其余几问上面没有解答/);
    // Every part answered: nothing said.
    expect(
      solve(
        'Charges of 2.0 nC and 3.0 nC are 6.0 cm apart. (a) Find the force. (b) Find their potential energy.',
      ),
    ).not.toMatch(left);
  });

  it('declines a part whose result ignores the angle of incidence other parts take', () => {
    // Not the 4 % of normal incidence for light arriving at 35°; the refraction beside it stands.
    const reply = solve('光从空气射入折射率为 1.50 的玻璃，入射角 35°，求折射角和 s 偏振光的反射率。');
    expect(reply).not.toMatch(/R = 0\.0400/);
    expect(reply).toMatch(/θ₂ = 22\.5°/);
  });

  it("answers the field midway between two wires by superposition, by the currents' directions", () => {
    // μ₀(4 + 6)/(π·0.1) opposite; μ₀|5 − 3|/(π·0.06) alike.
    expect(
      solve(
        'Two long straight wires 10 cm apart carry 4.0 A and 6.0 A in opposite directions. Find B at the midpoint.',
      ),
    ).toMatch(/B = 4\.00 × 10⁻⁵ T/);
    expect(
      solve('两根相距 6.0 cm 的长直导线通有同向电流 5.0 A 和 3.0 A，求两导线正中间的磁感应强度。'),
    ).toMatch(/B = 1\.33 × 10⁻⁵ T/);
    // No direction said: no number.
    expect(solve('Two long wires 10 cm apart carry 4.0 A and 6.0 A. Find B at the midpoint.')).not.toMatch(
      /\*\*Result/,
    );
  });
});

describe('a medium the problem leaves unknown', () => {
  it('does not give a glass of "a certain kind" the usual index of glass', () => {
    for (const q of [
      'Light from air hits a certain type of glass and the reflected beam is fully polarized when the angle of incidence is 57°. Find the angle of refraction and the Brewster angle.',
      '光从空气射到某一种玻璃上，入射角为 60° 时反射光是线偏振光，求布儒斯特角和这种玻璃中的折射角。',
    ])
      expect(solve(q)).not.toMatch(/θ_B = 56\.3°/);
    // Glass named plainly keeps its usual index.
    expect(solve('Light in air meets glass. What is the Brewster angle?')).toMatch(/θ_B = 56\.3°/);
  });
});

describe('a word that describes what happens as well as asking', () => {
  it('does not answer the work to pull a charge away with the force on it', () => {
    const work = solve(
      'A 5.0 nC charge sits 2.0 cm above a grounded conducting plane. What work is needed to pull it very far away from the plane?',
    );
    expect(work).not.toMatch(/\*\*Result:\*\* F =/);
    // Asked alone, "pull" still asks for the force: kq²/(2d)² = 8.99e9·25e-18/0.0016.
    expect(
      solve(
        'A 5.0 nC charge sits 2.0 cm above a grounded conducting plane. How hard does the plane pull on it?',
      ),
    ).toMatch(/F = 1\.40 × 10⁻⁴ N/);
  });
});

describe('a result kept from a body or situation it is not for', () => {
  it("does not give a ring of charge a point charge's potential", () => {
    const reply = solve(
      "A thin hoop of radius 5.0 cm has a charge of 20 nC distributed uniformly along it. At a point on the hoop's axis 12 cm from its centre, find (a) the electric field magnitude and (b) the electric potential.",
    );
    // kQ/z = 1.50 kV would treat the hoop as a point at its centre; kQ/√(z²+R²) is 1.38 kV.
    expect(reply).toMatch(/E = 9820 N\/C/);
    expect(reply).not.toMatch(/V = 1500 V/);
    // A point charge named as such keeps its results.
    expect(solve('A point charge of 20 nC: what is the potential 12 cm away?')).toMatch(/V = 1500 V/);
  });

  it("does not give a grounded plane's surface the field of a free sheet of charge", () => {
    const reply = solve(
      'A 4.0 nC charge is 3.0 cm above a grounded metal plane. Find the induced charge density right under it and then the electric field there.',
    );
    // σ = q/(2πd²) = 7.07e-7 C/m²; σ/(2ε₀) of a free sheet is half of the field at a conductor's surface.
    expect(reply).not.toMatch(/E = 39900 N\/C|E = 3\.99 × 10⁴ N\/C/);
    // A free sheet keeps its result.
    expect(solve('A large non-conducting sheet carries 3.0 μC/m². What is E near it?')).toMatch(
      /E = 169000 N\/C/,
    );
  });
});
