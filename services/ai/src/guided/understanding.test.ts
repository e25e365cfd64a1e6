import { describe, expect, it } from 'vitest';
import { loadOutline } from './corpus-outline.js';
import { notesPath } from './learning-path.js';
import { judgeAnswer } from './understanding.js';

async function step(topic: string, title: RegExp, lang: 'en' | 'zh' = 'en') {
  const path = notesPath(await loadOutline(), topic, lang);
  const found = path.steps.find((s) => title.test(s.title));
  expect(found, `a step matching ${title}`).toBeDefined();
  return found!;
}

describe('judging an answer by what it says', () => {
  it('refuses the misconception that contains the key words, in English and Chinese', async () => {
    const flux = await step("Gauss's law", /^Electric flux$/);
    const wrong = judgeAnswer(
      'Flux is the strength of the field at one point, so the flux through a closed surface is the field there because it measures it.',
      flux,
      'en',
    );
    expect(wrong).toMatchObject({ understood: false, reason: expect.stringMatching(/misconception/) });
    const zhFlux = await step('高斯定理', /^电通量$/, 'zh');
    expect(
      judgeAnswer(
        '电通量就是某一点的场强大小，因为闭合曲面上每一点都有电场，所以通量表示场的强弱。',
        zhFlux,
        'zh',
      ).understood,
    ).toBe(false);
  });

  it('accepts the key relation written as an equation', async () => {
    const solenoid = await step('solenoid', /long solenoid/i);
    expect(judgeAnswer('B = μ0 n I', solenoid, 'en')).toMatchObject({ understood: true, rule: 'equation' });
    expect(judgeAnswer('B = μ0 I / n', solenoid, 'en').understood).toBe(false);
  });
});
