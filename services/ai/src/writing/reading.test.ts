import { describe, expect, it } from 'vitest';
import { measureText } from './measure.js';
import { analyzeByRules } from './rule-analysis.js';
import { splitSentences, type TextLang } from './text-segments.js';

const analyze = (type: Parameters<typeof analyzeByRules>[1], text: string, lang: TextLang) =>
  analyzeByRules(measureText(text, lang), type, 'undergraduate');
const score = (a: ReturnType<typeof analyze>, id: string) => a.dimensions.find((d) => d.id === id)!.score;

const INFORMAL_EN =
  'In my opinion the solenoid experiment was very good. It was kind of interesting to see the field. The results were really nice and I think they were very good. We measured the field with a probe and it was pretty much what we expected. The graphs look very good and the stuff we did was fun. Overall it was a very good experiment and I liked it a lot. The teacher said it was very good too.';
const INFORMAL_ZH =
  '我觉得这个螺线管实验非常好，挺有意思的。我们用探头测了磁场，结果很好，跟我们想的差不多。图画得很好，做实验的过程超级好玩。总的来说这个实验非常好，我觉得大家都学到了很多东西，老师也说很好。我觉得以后还可以再做一次，感觉有点意思，搞定了很多问题，我觉得非常好。这次实验让我觉得物理挺好玩的，数据也很好，大家都很开心。';

describe('writing analysis reads the text', () => {
  it('an informal text does not score best on academic language, in English or Chinese', () => {
    for (const [text, lang] of [
      [INFORMAL_EN, 'en'],
      [INFORMAL_ZH, 'zh'],
    ] as const) {
      const a = analyze('course_paper', text, lang);
      const language = score(a, 'language');
      expect(language).toBeLessThanOrEqual(60);
      expect(
        Math.max(...a.dimensions.filter((d) => d.id !== 'language').map((d) => d.score)),
      ).toBeGreaterThan(language);
    }
  });

  it('finds a research gap stated in other words than "gap"', () => {
    const en = analyze(
      'literature_review',
      'Hall probes are widely used to map solenoid fields [1]. Smith et al. (2019) measured the end effect of finite solenoids and found agreement with the Biot–Savart law within 2 % [2]. In contrast, Lee (2020) reported larger deviations for coarse windings [3]. However, previous studies have not examined how the end effect depends on the winding pitch. This review compares the two approaches and argues that pitch must be reported.',
      'en',
    );
    expect(en.improvements.map((i) => i.issue)).not.toContain('No research gap is identified.');
    const zh = analyze(
      'literature_review',
      '霍尔探头被广泛用于测量螺线管的磁场【1】。王强等（2019）测量了有限长螺线管的端部效应，发现与毕奥–萨伐尔定律的偏差在 2% 以内【2】。然而，李明（2020）发现粗绕线圈的偏差更大【3】。相比之下，端部效应与绕线节距的关系尚未有人系统研究，探头尺寸的影响也鲜有讨论。本文比较两种方法，并认为应当报告绕线节距。',
      'zh',
    );
    expect(zh.improvements.map((i) => i.issue)).not.toContain('没有指出研究空白。');
  });

  it('"roughly 1 %" and "约为 2 cm" are measurements, not hedging', () => {
    const en = measureText(
      'The field at the centre agrees with the long-solenoid formula within roughly 1 %, and the end field is approximately 0.5 of the central value. The model may fail for short coils.',
      'en',
    ).measurements.hedging;
    expect(en.terms).toEqual({ may: 1 });
    const zh = measureText('线圈长度约为 2 cm，中心磁场大约 3 mT。这一结果可能说明端部效应较小。', 'zh')
      .measurements.hedging;
    expect(zh.terms).toEqual({ 可能: 1 });
  });

  it('a one-paragraph abstract is not asked for more paragraphs or headings', () => {
    for (const [text, lang] of [
      [
        'We measure the magnetic field inside a finite solenoid with a Hall probe and compare it with the Biot–Savart prediction. The field at the centre agrees with the long-solenoid formula within roughly 1 %, while the field at the ends falls to about half of the central value, as predicted. Previous studies have not examined how the end effect depends on the winding pitch; we find that a finer pitch reduces the ripple near the ends. We conclude that these results give students a simple test of the superposition principle.',
        'en',
      ],
      [
        '本文用霍尔探头测量有限长螺线管内部的磁场，并与毕奥–萨伐尔定律的预测进行比较。结果表明，中心磁场与长直螺线管公式的偏差约为 1%，端部磁场约为中心值的一半，与理论一致。以往研究没有考察端部效应与绕线节距的关系，我们发现较细的节距可以减小端部附近的起伏。结论是，这一实验为学生检验叠加原理提供了简单的方法。',
        'zh',
      ],
    ] as const) {
      const a = analyze('abstract', text, lang);
      const issues = a.improvements.map((i) => i.issue).join(' ');
      expect(issues).not.toMatch(/paragraph|heading|段落|标题/i);
    }
  });

  it('excerpts are whole phrases: a sentence, or cut at a clause mark, never inside a word', () => {
    const a = analyze('course_paper', INFORMAL_EN, 'en');
    for (const { target } of a.improvements) {
      const excerpt = target.excerpt.replace(/…$/, '');
      expect(INFORMAL_EN.replace(/\s+/g, ' ')).toContain(excerpt);
      // Ends at a sentence end, a clause mark or a whole word.
      const next = INFORMAL_EN.replace(/\s+/g, ' ').slice(
        INFORMAL_EN.replace(/\s+/g, ' ').indexOf(excerpt) + excerpt.length,
      )[0];
      expect(next === undefined || /[\s,.;:!?]/.test(next)).toBe(true);
    }
    const zh = analyze('course_paper', INFORMAL_ZH, 'zh');
    for (const { target } of zh.improvements) {
      expect(target.excerpt).toMatch(/[。！？]$|…$/);
      const body = target.excerpt.replace(/…$/, '');
      const after = INFORMAL_ZH.slice(INFORMAL_ZH.indexOf(body) + body.length)[0];
      expect(after === undefined || /[，。；：、！？]/.test(after) || target.excerpt.endsWith('。')).toBe(
        true,
      );
    }
  });
});

const ABSTRACT_EN =
  'We measure the magnetic field inside a finite solenoid with a Hall probe and compare it with the long-solenoid approximation B = μ0 n I. Previous studies have not quantified the end effects for short coils, which leaves a gap in the teaching literature. Along the axis the measured field agrees with the approximation to within 2 % at the centre, but falls to about half its central value at the ends. These results show that end corrections matter for coils whose length is less than five times their radius.';
const ABSTRACT_ZH =
  '本文用霍尔探头测量有限长螺线管内部的磁场，并与长螺线管近似 B = μ0 n I 进行比较。已有研究尚未定量分析短线圈的端部效应，这是教学文献中的一个空白。沿轴线测得的磁场在中心处与近似值相差不超过 2%，在两端降至中心值的一半左右。结果表明，当线圈长度小于半径的五倍时，必须考虑端部修正。';
const LAB_EN =
  'The measured field agrees with the closed-form value to roughly 1 %. The deviation is attributed to the finite length of the coil, which reduces the field near its ends. The probe was calibrated against a reference magnet before each run.';
const LAB_ZH =
  '测得的磁场与理论值的偏差约为 1%。该偏差归因于线圈的有限长度，它使两端附近的磁场减弱。每次测量前都用标准磁铁校准探头。';
const comment = (a: ReturnType<typeof analyze>, id: string) => a.dimensions.find((d) => d.id === id)!.comment;

describe('writing analysis reads the parts a text states', () => {
  it('finds the purpose and the conclusion of an abstract in the words it uses', () => {
    const en = analyze('abstract', ABSTRACT_EN, 'en');
    expect(comment(en, 'completeness')).not.toMatch(/missing/);
    expect(en.improvements.map((i) => i.issue)).not.toContain('Missing: conclusion.');
    const zh = analyze('abstract', ABSTRACT_ZH, 'zh');
    expect(comment(zh, 'completeness')).not.toMatch(/缺少/);
    // Without a concluding sentence the conclusion is still missing: the patterns are not "anything".
    const cut = analyze('abstract', ABSTRACT_EN.replace(/ These results show.*$/, ''), 'en');
    expect(cut.improvements.map((i) => i.issue)).toContain('Missing: conclusion.');
    const cutZh = analyze('abstract', ABSTRACT_ZH.replace(/结果表明.*$/, ''), 'zh');
    expect(cutZh.improvements.map((i) => i.issue)).toContain('缺少：结论。');
  });

  it('finds and acknowledges a research gap stated in the text, quoting it', () => {
    const en = analyze('abstract', ABSTRACT_EN, 'en');
    expect(comment(en, 'completeness')).toMatch(/^Found: research gap/);
    expect(en.strengths).toContain(
      'States the research gap: “Previous studies have not quantified the end effects for short coils, which leaves a gap in the teaching literature.”',
    );
    const zh = analyze('abstract', ABSTRACT_ZH, 'zh');
    expect(zh.strengths).toContain(
      '指出了研究空白：“已有研究尚未定量分析短线圈的端部效应，这是教学文献中的一个空白。”',
    );
    const body = (gap: string) =>
      `We measure the field of a finite solenoid with a Hall probe. ${gap} The field at the centre agrees with B = μ0 n I within 2 %. These results show that end corrections matter.`;
    for (const gap of [
      'Little is known about the end effects of short coils.',
      'No study has measured the end field of coils shorter than their diameter.',
    ]) {
      expect(analyze('abstract', body(gap), 'en').strengths).toContain(`States the research gap: “${gap}”`);
    }
    const zhBody = (gap: string) =>
      `本文用霍尔探头测量有限长螺线管的磁场。${gap}中心磁场与 B = μ0 n I 的偏差在 2% 以内。结果表明，必须考虑端部修正。`;
    for (const gap of ['目前缺乏对短线圈端部效应的系统研究。', '短线圈的端部磁场尚未被测量。']) {
      expect(analyze('abstract', zhBody(gap), 'zh').strengths).toContain(`指出了研究空白：“${gap}”`);
    }
    // No gap stated, none claimed.
    const none = analyze('abstract', body(''), 'en');
    expect(none.strengths.join(' ')).not.toMatch(/research gap/);
  });

  it('a deviation attributed to a cause counts as explained, in English and Chinese', () => {
    const en = analyze('lab_report', LAB_EN, 'en');
    expect(comment(en, 'analysis')).toMatch(/causes of deviations discussed/);
    expect(en.improvements.map((i) => i.issue)).not.toContain('Deviations are not explained.');
    const zh = analyze('lab_report', LAB_ZH, 'zh');
    expect(zh.improvements.map((i) => i.issue)).not.toContain('没有解释偏差的原因。');
    const bare = analyze('lab_report', LAB_EN.replace(/The deviation is attributed to[^.]*\. /, ''), 'en');
    expect(bare.improvements.map((i) => i.issue)).toContain('Deviations are not explained.');
  });

  it('an excerpt cut inside a sentence ends on a content word, never on "to" or "the"', () => {
    const a = analyze('lab_report', LAB_EN, 'en');
    const excerpts = a.improvements.map((i) => i.target.excerpt);
    expect(excerpts).toContain('The measured field agrees with the closed-form value…');
    for (const excerpt of excerpts) {
      expect(excerpt).not.toMatch(/\b(to|the|of|and|with|a|an|in)…$/i);
      expect(LAB_EN).toContain(excerpt.replace(/…$/, ''));
    }
  });

  it('"大概" is vague wording, not praised as careful hedging; a real hedge still is', () => {
    const text =
      '我们用霍尔探头沿轴线测量了有限长螺线管内部的磁场，每隔一厘米记录一次读数。磁场大概就是我们预期的数值。端部的磁场明显较弱，这可能是线圈长度有限造成的。每次测量前都用标准磁铁校准探头，并记录室温。';
    const vague = analyze('course_paper', text, 'zh');
    expect(vague.strengths.join(' ')).not.toMatch(/审慎（[^）]*大概/);
    expect(vague.strengths).toContain('论断措辞审慎（可能）。');
    expect(
      vague.improvements.some((i) => i.issue === '用语过于口语化。' && i.target.excerpt.includes('大概')),
    ).toBe(true);
    const only = analyze('course_paper', '磁场大概就是我们预期的数值。端部的磁场较弱。', 'zh');
    expect(only.strengths.join(' ')).not.toMatch(/审慎/);
  });

  it('a formula symbol before a full stop ends the sentence; an initial in a name does not', () => {
    expect(splitSentences('We compare it with B = μ0 n I. Previous studies differ.')).toEqual([
      'We compare it with B = μ0 n I.',
      'Previous studies differ.',
    ]);
    expect(
      splitSentences('As J. Smith and Lee, K. showed, the field is uniform. It falls at the ends.'),
    ).toEqual(['As J. Smith and Lee, K. showed, the field is uniform.', 'It falls at the ends.']);
  });
  it('cuts at Unicode sentence boundaries: an ellipsis inside a sentence does not end it', () => {
    expect(splitSentences('他说……然后走了。好吗？好！')).toEqual(['他说……然后走了。', '好吗？', '好！']);
    expect(splitSentences('Wait... what? See Fig. 2 and Eq. 3. Done.')).toEqual([
      'Wait... what?',
      'See Fig. 2 and Eq. 3.',
      'Done.',
    ]);
  });
});
