import { describe, expect, it } from 'vitest';
import { KnowledgeAnswers } from './answers.js';
import { leadWithKnowledge } from './rag-lead.js';

// Conceptual questions of a kind (yes/no, why) about a claim of the notes, in wording from no
// evaluation set: the claim's reply leads, only where its `about` words say it is the one asked.
const answers = new KnowledgeAnswers();
const first = (q: string) => (answers.lead(q)?.text ?? '').split('\n')[0]!;
const about = (q: string) => answers.lead(q)?.result.id;
const offTopic = { reply: 'REFUSED', citations: [] };

describe('claims that answer a conceptual question', () => {
  it('says the flux does not depend on the size or shape of the closed surface', () => {
    expect(
      first('suppose the gaussian surface is a larger cube around that charge, is the flux different'),
    ).toMatch(/^No: the flux depends only on the enclosed charge/);
    expect(first('高斯球面扩大一倍，里面电荷不变，通量会变吗')).toMatch(/^不会/);
  });

  it('says a magnet’s pole cannot be had on its own: no monopoles', () => {
    expect(first('can a magnet be broken so that a north pole is left by itself')).toMatch(/^No: .*monopole/);
    expect(first('把磁铁分开能得到单独的N极吗')).toMatch(/^不能/);
    // One magnet is not one pole.
    expect(first('does a single magnet always have a north pole')).not.toMatch(/^No/);
  });

  it('says only the enclosed current counts in Ampère’s law', () => {
    expect(first('does a current outside the amperian loop count in the integral')).toMatch(
      /^No: only the current/,
    );
    expect(first('回路外的电流要不要计入安培环路定理')).toMatch(/^不算/);
    // Asked whether it changes B on the loop (it does): no "No".
    expect(first('does a current outside the amperian loop change B on the loop')).not.toMatch(/^No/);
    // Outside a wire is where B is found, not a current left out of the loop.
    expect(about('using ampère’s law, B outside a straight wire with current I')).not.toBe(
      'ampere-outside-current',
    );
  });

  it('says why an iron core raises a coil’s inductance: μ_r', () => {
    expect(about('why does putting iron inside a solenoid raise its inductance')).toBe('iron-core');
    expect(first('why does putting iron inside a solenoid raise its inductance')).toMatch(/^Why: .*μ_r/);
    // The inductance asked alone stays the solenoid's.
    expect(about('inductance of a long solenoid')).toBe('solenoid-inductance');
  });

  it('says why images are allowed, however the student says it', () => {
    expect(first('why is the method of images legit, it seems like a cheat')).toMatch(/uniqueness theorem/);
    expect(first('镜像电荷这招靠谱吗，为什么')).toMatch(/唯一性定理/);
  });

  it('says light from air into a denser medium is never totally reflected', () => {
    expect(first('can light coming from air into glass undergo total internal reflection')).toMatch(/^No: /);
    expect(first('光从空气斜射入玻璃，会不会全反射')).toMatch(/^不能/);
    // From glass out into air it can: no "No".
    expect(first('can light going from glass into air be totally internally reflected')).not.toMatch(/^No/);
  });
});

describe('a why or yes/no question about a situation, answered by the claim that says why', () => {
  it('says the work does not depend on the route because the electrostatic field is conservative', () => {
    expect(
      first(
        'why does it not matter which route I take when the field does work carrying a charge from A to B',
      ),
    ).toMatch(/^Because the electrostatic field is conservative/);
    expect(first('静电场中移动电荷，电场力做的功为什么和走哪条路径无关？')).toMatch(/^因为静电场是保守场/);
  });

  it('says a magnet at rest in a coil induces nothing: only a changing flux does', () => {
    expect(
      first('why does the galvanometer needle only move while I slide the magnet through the coil?'),
    ).toMatch(/^Because only a changing flux induces an emf/);
    // A lamp is a household object (outside the course), here the apparatus the question is about.
    const led = leadWithKnowledge('为什么磁铁在线圈里不动的时候，连着的灯泡就不亮？', offTopic, false, true);
    expect(led.reply).toMatch(/^因为只有变化的磁通量才产生感应电动势/);
  });

  it('says the potential in an empty region can have no maximum inside: only on the boundary', () => {
    expect(first('房间里没有任何电荷，房间中央的电势会比四周的墙都高吗')).toMatch(/^不能/);
    expect(
      first('with no charge in a region, can the potential at a point be higher than all around it?'),
    ).toMatch(/^No/);
  });

  it('hears a why asked after a comma and a joining word (", and why …")', () => {
    expect(
      first('what does the uniqueness theorem guarantee, and why is the method of images allowed then?'),
    ).toMatch(/uniqueness theorem/);
    expect(
      first('what does the uniqueness theorem guarantee, and why is the method of images allowed then?'),
    ).toMatch(/^Why it works/);
  });
});

describe('a question asking what a term means or which way something goes', () => {
  it('defines linear polarization, but a polarizer and an angle still lead with Malus’s law', () => {
    expect(first('what does it mean for a light wave to be linearly polarized')).toMatch(
      /one fixed direction/,
    );
    expect(first('线偏振是什么意思')).toMatch(/固定方向/);
    expect(about('线偏振光射到偏振片上，夹角为45度，透过多少光')).toBe('malus');
  });

  it('says an iron core makes the inductance go up, μ_r times', () => {
    expect(
      first('what happens to the inductance of a coil when you slide a soft iron core into it?'),
    ).toMatch(/^It goes up/);
    expect(first('线圈里插入铁芯，自感会怎样')).toMatch(/^增大/);
  });

  it('says like charges repel and the force falls as 1/r², asked which of the two', () => {
    expect(first('两个小球带同种电，它们相互吸引还是排斥？')).toMatch(/^同种电荷相互排斥.*平方成反比/);
    expect(first('do two like charges attract or repel each other?')).toMatch(/^Like charges repel/);
  });

  it('places the image charge at the mirror point, on the other side of the plane', () => {
    expect(first('接地金属板前放一个点电荷，镜像电荷在哪里')).toMatch(/另一侧的对称位置/);
  });
});

describe('a why, yes/no or which question answered by the reply of the result it is about', () => {
  it('says why separation gives sines one way and sinh the other: the two constants have opposite signs', () => {
    expect(
      first(
        'solving Laplace in a box by separating variables, how come one direction oscillates and the other is exponential?',
      ),
    ).toMatch(/^Because the two separated terms must add up to zero.*opposite sign/);
    expect(first('分离变量解矩形区域的拉普拉斯方程，为什么一个方向是正弦另一个方向是双曲正弦')).toMatch(
      /^因为分离后的两项之和必须为零.*符号相反/,
    );
  });

  it('says B can be written as the curl of A because its divergence is zero', () => {
    expect(first('how come B can always be written as ∇ × A')).toMatch(/^Because ∇ · B = 0 always/);
    expect(first('为什么磁场总能写成 A 的旋度')).toMatch(/^因为 ∇ · B = 0 总成立/);
  });

  it('says the starting guess of a relaxation does not change the answer the boundary fixes', () => {
    expect(
      first(
        "when relaxing Laplace's equation on a grid, does the initial guess for the inside points change the final answer?",
      ),
    ).toMatch(/^Any starting guess for the interior works and none changes the answer/);
    expect(first('用有限差分迭代求电势，内部初始值设成全零还是随机数，会影响结果吗')).toMatch(/不会影响/);
  });

  it('names the evanescent wave when asked what is left on the transmitted side', () => {
    expect(
      about('in total internal reflection is there really no field at all on the transmitted side?'),
    ).toBe('evanescent');
    expect(first('全反射时透射波那一侧真的一点场都没有吗')).toContain('倏逝波');
  });

  it('compares Brewster angles of two media named, rather than computing one from the other', () => {
    expect(first('does glass or water have the larger Brewster angle?')).toMatch(
      /^The lower index gives the smaller angle/,
    );
    expect(first('布儒斯特角是水的大还是玻璃的大？')).toMatch(/^折射率越小，布儒斯特角越小/);
    // Indices written as numbers are still computed.
    expect(first('brewster angle from air into glass with n = 1.5?')).toMatch(/56\.3/);
  });
});

describe('a statement that says what it is asked: where, how it varies, which is bigger, the limit', () => {
  it('says a uniform current’s field inside a solid wire is largest at the surface', () => {
    expect(first('where is the magnetic field strongest inside a solid wire with uniform current')).toMatch(
      /largest at the surface/,
    );
    expect(first('均匀电流的粗导线内部，磁场在哪里最强')).toMatch(/在表面 s = R 处最大/);
  });

  it('says a plane wave’s electric and magnetic energy densities are equal', () => {
    expect(
      first(
        'in an EM wave, which is larger: the energy density of the electric field or of the magnetic field?',
      ),
    ).toMatch(/are equal/);
    expect(first('平面波里电场能量密度是不是比磁场的能量密度大')).toMatch(/能量密度相等/);
  });

  it('states the Courant limit in each dimension', () => {
    expect(first('what is the largest courant number allowed in 2D fdtd')).toMatch(/≤ 1\/√2 in 2D/);
    expect(first('二维 FDTD 的 Courant 数最大能取多少')).toMatch(/二维 ≤ 1\/√2/);
  });

  it('says a toroid’s field falls inversely with the distance from its centre', () => {
    expect(first('inside a toroid does the field change with the distance from the centre?')).toMatch(
      /inversely proportional to s/,
    );
    expect(first('螺绕环内部的磁场和到中心的距离有关吗')).toMatch(/与 s 成反比/);
  });

  it('says the mean value is taken at the centre of the sphere, asked by the theorem’s name too', () => {
    expect(first('harmonic functions: what does the mean value property say')).toMatch(
      /at the centre of any sphere/,
    );
    expect(first('平均值定理对调和函数说了什么')).toMatch(/球心处的 V 等于该球面上 V 的平均值/);
  });
});
