import { describe, expect, it } from 'vitest';
import type { Citation } from '../retrieval/context.js';
import { KnowledgeAnswers } from './answers.js';
import { leadWithKnowledge } from './rag-lead.js';

// Value questions the lead answers with the student's own numbers: what is asked is computed
// from what is given, never replaced by a result that uses none of it. Not eval wording.
const answers = new KnowledgeAnswers();
const first = (q: string) => (answers.lead(q)?.text ?? '').split('\n\n')[0]!;
const c = 299792458;

describe('a value question is answered from the numbers it gives', () => {
  it('reads a bare letter asked in a wave question as the amplitude its result computes', () => {
    const lead = answers.lead('a radio wave has a peak electric field of 0.3 V/m; what is B?');
    expect(lead?.result.id).toBe('e-over-b');
    const [part] = answers.solve('a radio wave has a peak electric field of 0.3 V/m; what is B?');
    expect(part?.status).toBe('solved');
    expect(part?.status === 'solved' ? part.value : Number.NaN).toBeCloseTo(0.3 / c, 15);
    expect(first('for a light wave whose electric amplitude is 45 V/m, find B')).toMatch(/1\.50? × 10⁻⁷ T/);
    // Retrieval ranks a section whose results share too little with the question (polarization):
    // the value the student's numbers compute still leads, on its own section.
    const polarization: Citation = {
      n: 1,
      source: 'en/em-waves-fdtd.md',
      title: 'Electromagnetic waves and FDTD basics',
      section: 'Polarization',
      text: 'Two perpendicular components of E with a phase difference trace an ellipse.',
      score: 0.9,
    };
    const led = leadWithKnowledge(
      'a microwave has a peak electric field of 90 V/m, whats B',
      { reply: 'Quoted passage [1]', citations: [polarization] },
      true,
    );
    expect(led.reply.split('\n\n')[0]).toMatch(/3\.00? × 10⁻⁷ T/);
    expect(led.citations[0]).toMatchObject({ section: 'Plane waves' });
    // No word of a wave: "B" is some other field, not the amplitude from E.
    expect(
      answers.solve('a charge sits in a uniform E of 600 V/m inside a magnet; what is B')[0]?.result.id,
    ).not.toBe('e-over-b');
  });

  it('reads a change over an interval as the rate a result takes, in both languages', () => {
    const value = (q: string) => answers.solve(q).find((o) => o.status === 'solved')?.value;
    // |ε| = L |ΔI|/Δt: 30 mH × (4 A / 20 ms) = 6 V; 200 mH × (2 A / 0.02 s) = 20 V.
    expect(
      value(
        'a coil of 30 mH carries a current that rises from 1 A to 5 A over 20 ms; find the self-induced emf',
      ),
    ).toBeCloseTo(6, 9);
    expect(value('电流在0.02 s内从1A增加到3A，线圈自感为200 mH，求自感电动势')).toBeCloseTo(20, 9);
    expect(first('a 0.25 H inductor: its current drops from 3 A to zero in 50 ms. induced emf?')).toMatch(
      /= 15(\.0+)? V/,
    );
    // A change of flux in a time: dΦ is the size of the change (0.15 Wb in 0.1 s is 1.5 V).
    expect(value('the flux through a loop falls from 0.2 Wb to 0.05 Wb in 0.1 s, find the emf')).toBeCloseTo(
      1.5,
      9,
    );
    // The worked solution shows the rate as read from the change.
    expect(answers.workedSolution('电感为2 H的线圈中电流在0.5秒内从3A均匀减小到1A，求自感电动势')).toMatch(
      /= 8(\.0+)? V/,
    );
    // The interval before the change, another value between them (4 V); an interval that belongs
    // to a later change, or one in another sentence, is not this change's: nothing computed.
    expect(value('In 20 ms the current in a 40 mH coil drops from 2 A to 0. emf?')).toBeCloseTo(4, 9);
    expect(
      value('a 3 H coil: the current rises from 1 A to 4 A and then in 1 s falls to 0. emf?'),
    ).toBeUndefined();
    expect(
      value('In 2 s it warms up. The current in a 3 H coil rises from 1 A to 4 A. emf?'),
    ).toBeUndefined();
    // No interval: a change is no rate, and nothing is computed from it.
    expect(value('a 0.5 H coil whose current goes from 4 A to 0; what emf')).toBeUndefined();
  });
});

describe('a value asked in a region or a limit of a result the notes name', () => {
  it('computes the field between the conductors of a coax from its inner current', () => {
    // μ₀I/(2πs): 8 A at 2 cm is 80 μT; 2 A at 4 mm is 100 μT.
    expect(
      first(
        'a coaxial line carries 8 A on its core; what is the field between the conductors 2 cm from the axis',
      ),
    ).toMatch(/8\.00 × 10⁻⁵ T/);
    expect(first('同轴电缆内导体电流 2 A，两导体之间距轴 4 mm 处的磁感应强度')).toMatch(/1\.00 × 10⁻⁴ T/);
    // Asked why the field outside is zero: the coax's own reply, no number.
    expect(answers.lead('coax cable carrying 3 A, why is the field outside zero')?.result.id).toBe('coax');
  });

  it('computes the Courant limit asked with the maximum after the time step (时间步最大)', () => {
    // Δ/(c√D): 1 cm in 2D is 23.6 ps.
    expect(first('二维FDTD 真空中 网格尺寸1cm 时间步最大可以是多少')).toMatch(/2\.36 × 10⁻¹¹ s/);
  });
});

describe('both outputs of one situation, asked together', () => {
  it('gives the image charge of a grounded sphere and where it sits, with the student’s numbers', () => {
    const lead = answers.lead(
      'a grounded sphere of radius 5 cm, a charge of 4 nC sits 20 cm from its centre. where is the image and how big is the image charge',
    )?.text;
    // Asked how big, the negative image charge is stated as its size, said negative.
    expect(lead).toMatch(/\|q'\| = 1\.00 × 10⁻⁹ C \(1\.00 nC\), negative/);
    expect(lead).toMatch(/b = 0\.0125 m/);
    const zh = answers.lead(
      '半径为 4 cm 的接地金属球，距球心 12 cm 处有 -9 nC 的点电荷，镜像电荷是多少 位置在哪里',
    )?.text;
    expect(zh).toMatch(/q' = 3\.00 × 10⁻⁹ C/);
    expect(zh).toMatch(/b = 0\.0133 m/);
  });
});

describe('a relation the notes state for a grid point, computed from the values given', () => {
  it('gives a finite-difference node the average of its four neighbours', () => {
    expect(
      first(
        'solving Laplace on a grid by relaxation: the four neighbours of a node sit at 5 V, 15 V, 0 V and 12 V. what does the node settle to',
      ),
    ).toMatch(/= 8\.00 V/);
    // Two neighbours given of four: no number.
    expect(
      first('finite differences: a node’s neighbours are at 10 V and 20 V, what is its potential'),
    ).not.toMatch(/\d+(\.\d+)? V\*\*/);
  });
});

describe('a question of several parts', () => {
  it('answers every part in the lead’s first paragraph, each worked out after', () => {
    // The image's charge and its place: both results stand in the first lines.
    const lead = first(
      'a grounded conducting sphere of radius 3 cm; a 6 nC charge is 12 cm from its centre. find the image charge and where it is located',
    );
    expect(lead).toMatch(/q' = -1\.50 × 10⁻⁹ C/);
    expect(lead).toMatch(/b = 0\.00750 m/);
  });
});

describe('a beam’s power spread over an area it names', () => {
  it('gives the intensity P/A and the peak field √(2P/(A c ε₀)) from the student’s numbers', () => {
    expect(first('a 2 W laser beam spread over 4 mm² — find its intensity')).toMatch(/I = 500000 W\/m²/);
    // √(2 · 0.02 / (2e-6 · c · ε₀)) = 2745 V/m.
    expect(first('一束 20 mW 的激光照在面积为 2 mm² 的光斑上，电场振幅是多少')).toMatch(/E₀ = 2740 V\/m/);
  });
});

describe('a value question that describes its result in everyday words', () => {
  it('reads the middle of a coil and a copper wire as the words for the loop’s centre and a wire', () => {
    // μ₀ · 3 A / (2 · 0.1 m) = 1.88 × 10⁻⁵ T.
    expect(first('半径10厘米的圆线圈通3安电流，线圈中间的磁感应强度多大')).toMatch(/B = 1\.88 × 10⁻⁵ T/);
    // μ₀ · 8 A · 0.002 m / (2π · 0.004² m²) = 2.00 × 10⁻⁴ T.
    expect(first('半径4毫米的实心铜线通8安电流，电流均匀分布，离轴2毫米处磁场多大')).toMatch(
      /B = 2\.00 × 10⁻⁴ T/,
    );
  });

  it('describes the critical angle by light no longer getting out, before the refraction it refines', () => {
    expect(first('光从玻璃射向空气，入射角大于多少度时光就射不出去了')).toMatch(/θ_c = 41\.8°/);
    expect(
      first('light in glass heading into air: beyond what angle of incidence is it that light cannot escape'),
    ).toMatch(/θ_c = 41\.8°/);
  });
});

describe('a Chinese question asking the speed with a word between 速度 and 多少', () => {
  it('computes the speed a particle reaches from rest, not the energy it gains', () => {
    // 1.60e-19 C through 500 V: v = √(2qV/m) = 3.09 × 10⁵ m/s for a proton.
    expect(first('质子由静止经过 500 V 加速后，速度有多大')).toMatch(/^\*\*速度：v = 309000 m\/s/);
    expect(first('一个电子从静止开始被 200 V 的电压加速，它的速度会是多少？')).toMatch(
      /^\*\*速度：v = 8\.39 × 10⁶ m\/s/,
    );
  });
});
