import { type ChatMessage, chatModes } from '@faraday/contracts';
import { describe, expect, it } from 'vitest';
import { conceptOfConversation } from '../knowledge/course-concepts.js';
import { extractQuantities } from './quantities.js';
import { replyPieces, simulateReply } from './simulate.js';

const user = (content: string): ChatMessage => ({ role: 'user', content });

describe('concept recognition', () => {
  it.each([
    ['What is the electric field of a point charge?', 'coulomb-law'],
    ['How do I apply Gauss’s law to a charged sphere?', 'gauss-law'],
    ['Why does the Laplace solver need boundary potentials?', 'laplace'],
    ['What is the magnetic field around a long wire?', 'biot-savart'],
    ['How do I use Ampère’s law here?', 'ampere-law'],
    ['What is the field inside a solenoid with 500 turns?', 'solenoid'],
    ['How fast does an electromagnetic wave travel in glass?', 'em-wave'],
    ['What happens at the Brewster angle in the Fresnel equations?', 'fresnel'],
    ['平行板电容器的电容怎么算?', 'capacitor'],
    ['螺线管内部的磁场是多少?', 'solenoid'],
    ['什么是高斯定理?', 'gauss-law'],
  ])('%s → %s', (text, id) => {
    expect(conceptOfConversation([text]).id).toBe(id);
  });

  it('keeps the topic of earlier turns when the last message names none', () => {
    expect(conceptOfConversation(['Tell me about solenoids', 'I am not sure, why?']).id).toBe('solenoid');
  });
});

describe('simulated answers', () => {
  it('answers every mode with something useful and the same thing twice', () => {
    const messages = [user('A solenoid has N = 200 turns, L = 0.1 m and I = 1.5 A. What is B inside?')];
    for (const mode of chatModes) {
      const first = simulateReply(mode, messages);
      expect(first.length, mode).toBeGreaterThan(80);
      expect(first, mode).not.toMatch(/not configured|no model|unavailable/i);
      expect(simulateReply(mode, messages), mode).toBe(first);
    }
  });

  it('tutor asks a guiding question about the concept instead of giving the answer', () => {
    const reply = simulateReply('tutor', [
      user('What is the field inside a solenoid with N = 200, L = 0.1 m, I = 1.5 A?'),
    ]);
    expect(reply).toContain('solenoid');
    expect(reply).toMatch(/\*\*Question:\*\*[^\n]+\?/);
    // The worked number (3.77 mT) is exactly what a Socratic tutor holds back.
    expect(reply).not.toMatch(/0\.00377|3\.77/);
  });

  it('tutor moves on to the next question as the conversation goes on', () => {
    const first = simulateReply('tutor', [user('Explain Gauss’s law')]);
    const second = simulateReply('tutor', [
      user('Explain Gauss’s law'),
      { role: 'assistant', content: first },
      user('A sphere, I think?'),
    ]);
    const question = (text: string) => /\*\*Question:\*\* (.+)/.exec(text)?.[1];
    expect(question(second)).toBeDefined();
    expect(question(second)).not.toBe(question(first));
  });

  it('problem solver computes the field of a point charge with units', () => {
    const reply = simulateReply('problem_solver', [user('Find E for a point charge q = 2 μC at r = 0.5 m')]);
    expect(reply).toContain('E = 71900 V/m, pointing away from the charge');
    expect(reply).toContain('**Check:**');
  });

  it('problem solver plans with no law the question does not name: outside the notes, it says so', () => {
    // "current" only hints at the field of currents; an Ohm's-law question is not about Biot–Savart.
    const en = simulateReply('problem_solver', [
      user('A lamp draws a current of 0.5 A from a 230 V supply. Power?'),
    ]);
    expect(en).toContain('The course notes do not cover');
    expect(en).not.toMatch(/Biot|μ0·I/);
    const zh = simulateReply('problem_solver', [user('一个电阻通过 2 安的电流，两端电压 6 伏，求电阻')]);
    expect(zh).toContain('课程讲义没有涵盖');
  });

  it('problem solver computes a solenoid field from N, L and I', () => {
    const reply = simulateReply('problem_solver', [user('Solenoid: N = 500, L = 20 cm, I = 2 A')]);
    expect(reply).toContain('n = N/L = 500 / 0.2 = 2500 turns/m');
    expect(reply).toContain('B = 0.00628 T');
  });

  it('simulation tutor explains the solver and checks the student’s values', () => {
    const reply = simulateReply('sim_tutor', [user('fresnel run with n1 = 1.5, n2 = 1.0, theta_i = 30 deg')]);
    expect(reply).toContain('**fresnel**');
    expect(reply).toContain('`brewster_angle` = atan(n2/n1) = 33.7°');
    expect(reply).toContain('**Try next.**');
  });

  it('formula check finds a wrong power of r through the units', () => {
    const reply = simulateReply('formula_verify', [user('Is E = kq/r right for a point charge?')]);
    expect(reply).toContain('units of the right side:** V.');
    expect(reply).toContain('**Verdict: incorrect**');
  });

  it('formula check accepts the standard result written in LaTeX', () => {
    const reply = simulateReply('formula_verify', [user('B = \\frac{\\mu_0 I}{2\\pi r}')]);
    expect(reply).toContain('field of a long straight wire');
    expect(reply).toContain('**Verdict: correct.**');
  });

  it('formula check reads n as turns per metre next to B', () => {
    expect(simulateReply('formula_verify', [user('B = μ0 n I')])).toContain('**Verdict: correct.**');
  });

  it('grader flags the outside formula used inside a solid sphere, and gives no score', () => {
    const reply = simulateReply('grader', [
      user(
        "Field inside a uniformly charged solid sphere of radius R: by Gauss's law the flux is E 4 pi r^2 and it encloses all the charge, so E = Q/(4 pi eps0 r^2).",
      ),
    ]);
    expect(reply).toMatch(
      /✗ `E = Q\/\(4 pi eps0 r\^2\)` is used for the field inside a uniformly charged solid sphere/,
    );
    expect(reply).toContain('no overall score is given');
    expect(reply).not.toMatch(/\d+\/(5|10|20)\b|Total/);
  });

  it('grader confirms a correct Chinese answer in Chinese, checks values with the calculator', () => {
    const zh = simulateReply('grader', [
      user('均匀带电实心球内部：高斯面包围的电荷为 Q r^3/R^3，所以 E = Q r/(4 pi eps0 R^3)。'),
    ]);
    expect(zh).toContain('✓ `E = Q r/(4 pi eps0 R^3)` 是均匀带电实心球内部的场强的正确公式。');
    expect(zh).toContain('不给总分');
    expect(zh).not.toContain('✗');
    const wrong = simulateReply('grader', [
      user('q1 = 2 μC, q2 = −3 μC, r = 0.1 m. So F = k q1 q2 / r^2 = 0.54 N'),
    ]);
    expect(wrong).toContain(
      '✗ No number in the work matches the closed form computed by the calculator: F = 5.39 N.',
    );
    const right = simulateReply('grader', [
      user('q1 = 2 μC, q2 = −3 μC, r = 0.1 m. So F = k q1 q2 / r^2 = 5.4 N'),
    ]);
    expect(right).toContain('✓ The numerical result agrees with the closed form');
    expect(simulateReply('grader', [user('E = 72000')])).toContain(
      '✗ 1 of 1 numerical results have no unit (72000)',
    );
  });

  it('grader checks the value of any result the course computes, from what the work gives, in both languages', () => {
    // A line charge: E = λ/(2π ε0 r) = 1348 N/C.
    const right = simulateReply('grader', [user('λ = 3 nC/m, r = 4 cm. E = λ/(2 pi eps0 r) = 1350 N/C')]);
    expect(right).toContain('✓ The numerical result agrees with the closed form');
    const wrong = simulateReply('grader', [user('λ = 3 nC/m, r = 4 cm. E = λ/(2 pi eps0 r) = 2700 N/C')]);
    expect(wrong).toContain(
      '✗ No number in the work matches the closed form computed by the calculator: E = ',
    );
    const zh = simulateReply('grader', [
      user('长螺线管 N = 400 匝，L = 0.2 m，I = 1.5 A。B = mu0 N I / L = 0.00377 T'),
    ]);
    expect(zh).toContain('✓ 数值结果与计算器算出的解析解一致');
  });

  it('grader lists the user rubric without inventing scores for it', () => {
    const reply = simulateReply('grader', [
      user('Rubric:\n- uses Gauss law\n- correct units\n\nI used Gauss law with a spherical surface.'),
    ]);
    expect(reply).toContain('**Your rubric**');
    expect(reply).toContain('- uses Gauss law: not scored — judging it needs a model.');
    expect(reply).not.toMatch(/\d\/5/);
  });

  it('tutor asks about the question asked, in its language, and says what it cannot do offline', () => {
    const en = simulateReply('tutor', [user('Why is the field inside a conductor zero?')]);
    expect(en).toMatch(/\*\*Question:\*\* If there were a field inside a conductor/);
    expect(en).toContain('Without a language model I cannot answer your own question');
    expect(en).not.toMatch(/double the distance/);
    const zh = simulateReply('tutor', [user('为什么导体内部的电场为零？')]);
    expect(zh).toMatch(/\*\*问题：\*\*/);
    expect(zh).not.toMatch(/[A-Za-z]{4,} [a-z]{3,} [a-z]{3,}/);
  });

  it('polish never echoes the instruction, says what it cannot do, and leaves Chinese alone', () => {
    const reply = simulateReply('polish', [
      user('Please polish this: the gauss law say that flux are equal to the charge.'),
    ]);
    expect(reply).not.toMatch(/polish this/i);
    expect(reply).toContain('> The Gauss law say that flux are equal to the charge.');
    expect(reply).toContain('polishing those needs a model');
    const zh = simulateReply('polish', [
      user('请润色以下段落：高斯定理说明了通过闭合曲面的电通量等于包围电荷除以真空介电常数。'),
    ]);
    expect(zh).toContain('中文润色需要语言模型');
    expect(zh).not.toContain('请润色');
    expect(simulateReply('polish', [user('Please polish this:')])).toMatch(
      /^Send the text you want polished/,
    );
  });

  it('polish counts the words of each sentence, not of the text, before suggesting a split', () => {
    const long = `The field ${'of the long coil '.repeat(8)}is uniform. It is weak.`;
    expect(simulateReply('polish', [user(long)])).toMatch(/1 sentence has more than 30 words/);
    const short = `The field is uniform. ${'It is weak. '.repeat(8)}`;
    expect(simulateReply('polish', [user(short)])).not.toMatch(/more than 30 words/);
  });

  it('polish fixes the text and lists every change with its reason', () => {
    const reply = simulateReply('polish', [
      user('in order to calculate the the electic feild , i think we dont need it'),
    ]);
    expect(reply).toContain('> To calculate the electric field, I think we do not need it.');
    expect(reply).toContain('"electic" → "electric" (spelling)');
    expect(reply).toContain('"the the" → "the" (repeated word)');
    expect(reply).toMatch(/\*\*Changes \(\d+\)\*\*/);
  });

  it('polish expands "dont" with the verb its subject agrees with, or leaves it, never "it do not"', () => {
    const reply = simulateReply('polish', [
      user('the flux is fixed, so it dont depend on the shape. they doesnt change it and i dont see why.'),
    ]);
    expect(reply).toContain(
      '> The flux is fixed, so it does not depend on the shape. They do not change it and I do not see why.',
    );
    expect(reply).not.toMatch(/\bit do not\b/i);
    expect(reply).toContain('"it dont" → "it does not"');
    // After a noun the number is unknown: the contraction stays and the reply says why.
    const noun = simulateReply('polish', [user("The field dont depend on r and the charges don't move.")]);
    expect(noun).toContain("> The field dont depend on r and the charges don't move.");
    expect(noun).not.toMatch(/^> .*do(es)? not/m);
    expect(noun).not.toMatch(/→ "do(es)? not"/);
    expect(noun).toMatch(
      /"dont" is left as written: whether it should be "do not" or "does not" depends on its subject/,
    );
  });
});

describe('helpers', () => {
  it('reads quantities with SI prefixes', () => {
    const q = extractQuantities('q = 2 μC, r = 50 cm, I: 3 mA, N = 500 turns, f = 1 GHz');
    expect(q.get('q')?.value).toBeCloseTo(2e-6);
    expect(q.get('r')?.value).toBeCloseTo(0.5);
    expect(q.get('I')?.value).toBeCloseTo(3e-3);
    expect(q.get('N')?.value).toBe(500);
    expect(q.get('f')?.value).toBe(1e9);
  });

  it('splits a reply into pieces that join back to it', () => {
    const reply = simulateReply('tutor', [user('Explain the Fresnel equations')]);
    const pieces = replyPieces(reply);
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join('')).toBe(reply);
  });
});
