import { describe, expect, it } from 'vitest';
import { GATEWAY_TOKEN } from './support/ai-app.js';
import { scriptedTutoringSuite } from './support/tutoring-app.js';
import { EN_LITERATURE_REVIEW, ZH_LAB_REPORT } from './support/writing-samples.js';

/** Writing analysis with an upstream: the model judges, the numbers and the excerpts stay ours. */

const suite = scriptedTutoringSuite();

const analyze = (content: string, writing_type = 'literature_review', lang = 'en') =>
  suite.ai.app.inject({
    method: 'POST',
    url: '/v1/writing/analyze',
    payload: { writing_type, content, student_profile: { level: 'master', lang } },
    headers: { 'x-ai-gateway-token': GATEWAY_TOKEN },
  });

const JUDGEMENT = {
  dimensions: [
    { id: 'synthesis', score: 70, comment: 'Sources are compared in section 2 only.' },
    { id: 'critical', score: 60, comment: 'Limitations are named once.' },
    { id: 'structure', score: 90, comment: 'Clear sections.' },
    { id: 'citations', score: 95, comment: 'Dense and consistent.' },
    { id: 'language', score: 85, comment: 'Readable.' },
    { id: 'poetry', score: 10, comment: 'not in the rubric' },
  ],
  strengths: ['Balanced comparison of PML and simple absorbing boundaries.'],
  improvements: [
    {
      dimension: 'critical',
      target: { kind: 'sentence', index: 9 },
      issue: 'The limitation is stated but not explained.',
      suggestion: 'Say why small studies may not generalise.',
    },
    { dimension: 'structure', target: { kind: 'paragraph', index: 42 }, issue: 'ghost', suggestion: 'ghost' },
  ],
  summary: 'A solid short review.',
};

describe('writing analysis with an upstream model', () => {
  it('merges the model’s judgement with the measurements', async () => {
    suite.upstream.play({ content: JSON.stringify(JUDGEMENT) });
    const res = await analyze(EN_LITERATURE_REVIEW);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      judged_by: 'model',
      model: 'local-model',
      summary: 'A solid short review.',
    });
    expect(data.dimensions.map((d: { id: string; score: number }) => [d.id, d.score])).toEqual([
      ['synthesis', 70],
      ['critical', 60],
      ['structure', 90],
      ['citations', 95],
      ['language', 85],
    ]);
    // Our weights, not the model's arithmetic: 0.25·70 + 0.2·60 + 0.2·90 + 0.2·95 + 0.15·85 = 79.25.
    expect(data.overall_score).toBe(79);
    expect(data.measurements.citation_count).toBe(9);
    // The excerpt is cut from our own sentence 9; the target that points nowhere is dropped.
    expect(data.improvements).toEqual([
      {
        dimension: 'critical',
        target: {
          kind: 'sentence',
          index: 9,
          excerpt: expect.stringMatching(/^Nevertheless, these studies were small/),
        },
        issue: 'The limitation is stated but not explained.',
        suggestion: 'Say why small studies may not generalise.',
      },
    ]);
    expect(data.strengths).toEqual(['Balanced comparison of PML and simple absorbing boundaries.']);
    // The model was given the rubric, the measured facts and numbered sentences.
    const prompt = suite.upstream.requests[0]!.messages[1]!.content!;
    expect(prompt).toMatch(/synthesis \(weight 0.25\)/);
    expect(prompt).toMatch(/"citation_count":9/);
    expect(prompt).toMatch(/\(S9\) Nevertheless/);
  });

  it('asks once more when the JSON is wrong, then uses the repaired answer', async () => {
    suite.upstream.play({ content: '{"dimensions": "great"}' }, { content: JSON.stringify(JUDGEMENT) });
    const data = (await analyze(EN_LITERATURE_REVIEW)).json().data;
    expect(data.judged_by).toBe('model');
    expect(suite.upstream.requests).toHaveLength(2);
    expect(suite.upstream.requests[1]!.messages.at(-2)).toEqual({
      role: 'assistant',
      content: '{"dimensions": "great"}',
    });
    expect(suite.upstream.requests[1]!.messages.at(-1)!.content).toMatch(/dimensions: .*expected array/i);
  });

  it('keeps the rule-based analysis when the model never produces usable JSON', async () => {
    suite.upstream.play({ content: 'I think it is good.' }, { content: 'Really good!' });
    const data = (await analyze(ZH_LAB_REPORT, 'lab_report', 'zh')).json().data;
    expect(data).toMatchObject({ judged_by: 'rules', model: 'local-model', lang: 'zh' });
    expect(data.dimensions[0].name).toBe('必要部分');
    expect(data.improvements.length).toBeGreaterThan(0);
  });

  it('reports an upstream timeout or outage as such', async () => {
    suite.upstream.play({ status: 500 });
    const res = await analyze(EN_LITERATURE_REVIEW);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('UPSTREAM_UNAVAILABLE');
  });
});
