import { describe, expect, it } from 'vitest';
import { KnowledgeAnswers } from './answers.js';

// What the question asks decides the first paragraph: how two results differ, what happens when a
// condition is broken, why a field is zero, how a field falls off far away, a value from the
// student's own numbers. The questions are not from the eval sets.
const answers = new KnowledgeAnswers();
const first = (q: string) => (answers.lead(q)?.text ?? '').split('\n\n')[0]!;

describe('the lead answers what was asked', () => {
  it('states both results a Chinese comparison names (差在, 不一样)', () => {
    const lead = first('静电场里泊松方程跟拉普拉斯方程有啥不一样');
    expect(lead).toContain('ρ/ε₀');
    expect(lead).toContain('∇²V = 0');
  });

  it('reads numbers listed with one unit after the last as quantities of that unit', () => {
    const [part] = answers.solve(
      'on a square mesh a point has neighbours at 1, 3, 5 and 7 V; find its potential',
    );
    expect(part?.status).toBe('solved');
    expect(part?.status === 'solved' ? part.value : Number.NaN).toBeCloseTo(4, 9);
    expect(first('网格上某点四周的电势分别为 2、4、6 和 12 V，求该点电势')).toContain('6.00 V');
  });

  it('computes a moving charge’s magnetic force when the field is named only by its tesla', () => {
    expect(
      first(
        'an alpha particle crosses a 0.5 T region at 4e6 m/s at right angles, how large is the force on it',
      ),
    ).toMatch(/6\.41 × 10⁻¹³ N/);
  });

  it('answers how a loop’s field falls off far along its axis (1/z³), not its centre value', () => {
    expect(
      first('far out along the axis of a current ring, how does the field drop with distance'),
    ).toContain('1/z³');
    expect(first('载流圆线圈轴线上很远处，磁场怎样随距离变小')).toContain('1/z³');
    // The centre asked for is still the centre's result.
    expect(answers.lead('field at the centre of a circular loop')?.result.id).toBe('loop-centre');
  });

  it('says why a toroid’s field is zero outside: the loop there encloses no net current', () => {
    // The reason leads (a loop there encloses no net current), not the field inside the core.
    expect(first('why is there no magnetic field outside a toroidal coil')).toMatch(
      /^[^$]*(zero|no) net current/,
    );
    expect(first('为什么螺绕环环外的磁感应强度为零')).toContain('净电流为零');
  });

  it('says why a core is laminated (eddy currents), and why a core raises B otherwise', () => {
    expect(first('why is a transformer core made of thin laminated sheets')).toMatch(/eddy currents/);
    expect(first('why does an iron core make a solenoid’s field stronger')).toMatch(/magnetiz/);
  });

  it('gives E/B = c for a wave in vacuum, not the impedance E/H', () => {
    expect(first('真空中电磁波电场和磁场的大小之比等于多少')).toContain('光速');
  });

  it('says what happens when the time step breaks the Courant condition: it goes unstable', () => {
    expect(first('what happens to an fdtd run whose time step violates the cfl limit')).toMatch(/unstable/);
    expect(first('FDTD 的时间步长不满足库朗条件的话会怎样')).toContain('不稳定');
  });

  it('scales by a number in digits before times or 倍, the variable taken in its own clause', () => {
    expect(
      first('if the wire current is made 5 times larger, what happens to the field of a long straight wire'),
    ).toMatch(/^If the current .* 5 times .* becomes 5 times/);
    // 电流 in the clause of 4倍, not 导线 across the comma.
    expect(first('导线中的电流增大为原来的4倍，长直导线旁边的磁场如何变化')).toMatch(
      /^电流.*4 倍.*磁感应强度 B 变为原来的 4 倍/,
    );
  });

  it('answers whether a bigger or smaller Gaussian surface lowers the flux (no), and why by 凭什么', () => {
    expect(
      first('if the gaussian surface around my charge shrinks to half its radius, does the flux drop'),
    ).toMatch(/^No: the flux depends only on the enclosed charge/);
    expect(first('镜像电荷凭什么能代替导体板')).toContain('唯一性定理');
  });
});
