import { describe, expect, it } from 'vitest';
import { solve } from './solver.test-support.js';

/** The result lines of a worked solution, in order. */
const results = (reply: string) => reply.split('\n').filter((l) => /^\*\*(Result|结果)/.test(l));

describe('the problem solver on potentials, conductors and images', () => {
  it("gives a ring's axial potential after its field, in the order asked", () => {
    // k·20 nC·0.12/0.13³, then k·(−20 nC)/0.13.
    const lines = results(
      solve(
        'A hoop of radius 5 cm holds −20 nC spread evenly. On its axis, 12 cm from the centre, what are the electric field and the potential?',
      ),
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('E = 9820 N/C');
    expect(lines[1]).toContain('V = -1380 V');
  });

  it('takes E = V/d between plates, then the speed of a charge released there from qV = ½mv²', () => {
    // 400/0.005, then √(2e·400/mₚ).
    const lines = results(
      solve(
        'Parallel plates 5 mm apart have 400 V across them. A proton is released from rest at the positive plate. What is the field between them, and how fast is the proton moving when it arrives at the other plate?',
      ),
    );
    expect(lines[0]).toContain('E = 80000 V/m');
    expect(lines[1]).toContain('v = 277000 m/s');
    // Plates, a gap and a voltage with an area are a capacitor: no field asserted for its capacitance.
    expect(
      solve('Plates of area 0.05 m² sit 2 mm apart across 9 V. What are the capacitance and the charge?'),
    ).not.toMatch(/\*\*Result/);
  });

  it('says an accelerated charge loses potential energy: ΔU = −|q|V', () => {
    const reply = solve(
      'By how much does the potential energy of an electron change as it is accelerated from rest through 250 V, and what speed does it reach?',
    );
    const lines = results(reply);
    expect(lines[0]).toContain('ΔU = -4.01 × 10⁻¹⁷ J');
    expect(lines[1]).toContain('v = 9.38 × 10⁶ m/s');
    expect(solve('一个质子从静止开始经 1000 V 电压加速，它的电势能改变了多少？')).toContain(
      'ΔU = -1.60 × 10⁻¹⁶ J',
    );
  });

  it('answers the field below a charge over a grounded plane and the work to take it away, by images', () => {
    // 2k·3 nC/(0.02)², then k·(3 nC)²/(4·0.02).
    const lines = results(
      solve(
        'A −3 nC charge sits 2 cm above a large earthed conducting plane. Find the field on the plane right below it, and the work needed to move it infinitely far from the plane.',
      ),
    );
    expect(lines[0]).toContain('E = 135000 N/C');
    expect(lines[1]).toContain('W = 1.01 × 10⁻⁶ J');
  });

  it("answers a grounded sphere's image charge and its pull on the charge", () => {
    // −2 nC·3/12, then k·(2 nC)²·0.03·0.12/(0.12² − 0.03²)².
    const lines = results(
      solve(
        'A −2 nC point charge is 12 cm from the centre of an earthed metal sphere of radius 3 cm. Using images, find the image charge and the force on the point charge.',
      ),
    );
    expect(lines[0]).toContain("q' = 5.00 × 10⁻¹⁰ C");
    expect(lines[1]).toContain('F = 7.10 × 10⁻⁷ N');
  });

  it('answers a thick conducting shell around a charge: its surface charges and the field in each region', () => {
    const lines = results(
      solve(
        'A −2.0 nC charge is placed at the centre of a metal spherical shell (inner radius 3.0 cm, outer radius 5.0 cm) whose net charge is +6.0 nC. What charge is on the inner surface and on the outer surface, and what is the electric field at r = 4.0 cm and at r = 8.0 cm?',
      ),
    );
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('2.00 × 10⁻⁹ C');
    expect(lines[1]).toContain('4.00 × 10⁻⁹ C');
    expect(lines[2]).toContain('E = 0 N/C');
    // k·4 nC/0.08².
    expect(lines[3]).toContain('E = 5620 N/C');
    // A thin shell with a charge at its centre: that charge alone inside, both outside.
    const thin = results(
      solve(
        'A thin metal spherical shell of radius 20 cm holding −4 nC has a 1 nC point charge at its centre. Find the electric field 10 cm and 30 cm from the centre.',
      ),
    );
    expect(thin[0]).toContain('E = 899 N/C');
    expect(thin[1]).toContain('E = 300 N/C');
  });

  it('finds where the field of two charges vanishes, and the potential there', () => {
    // Unlike charges: beyond the smaller, 6 cm·1/(2 − 1) from it; k(1 nC/0.06 − 4 nC/0.12).
    const lines = results(
      solve(
        'Charges of +1 nC and −4 nC are 6 cm apart. Where on the line through them is the electric field zero, and what is the potential there?',
      ),
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('0.0600 m');
    expect(lines[0]).toContain('far side of the first charge');
    expect(lines[1]).toContain('V = -150 V');
    // Like charges: between them, 9 cm·1/(1 + 2) from the smaller.
    expect(solve('两个点电荷 +1 μC 和 +4 μC 相距 9 cm，连线上哪一点的场强为零？')).toContain('0.0300 m');
  });
});

describe('a uniform charge between grounded plates (Poisson in one dimension)', () => {
  it('gives ρd²/(8ε₀) midway and ρd/(2ε₀) at a plate, and neither where the question asks elsewhere', () => {
    // 2e-6·0.03²/(8ε₀) and 2e-6·0.03/(2ε₀).
    const reply = solve(
      'Two earthed parallel plates 3.0 cm apart enclose a space charge of uniform density 2.0 μC/m³. What is the potential halfway between them, and the field at each plate?',
    );
    expect(reply).toContain('V_max = 25.4 V');
    expect(reply).toContain('E = 3390 V/m');
    const zh = solve(
      '两块相距 1.0 cm 的接地平行金属板之间均匀分布着电荷体密度为 8.0 μC/m³ 的电荷，求两板正中的电势和板处的电场强度。',
    );
    expect(zh).toContain('V_max = 11.3 V');
    expect(zh).toContain('E = 4520 V/m');
    // The field is zero midway, the potential zero on the plates, ρx(d − x)/(2ε₀) elsewhere: none is ρd/(2ε₀) or ρd²/(8ε₀).
    const gap =
      'Two earthed parallel plates 3.0 cm apart enclose a space charge of uniform density 2.0 μC/m³.';
    for (const q of [
      `${gap} What is the electric field midway between them?`,
      `${gap} What is the potential at either plate?`,
      `${gap} What is the potential 5.0 mm from one plate?`,
    ])
      expect(solve(q)).not.toMatch(/3390|25\.4/);
  });
});
