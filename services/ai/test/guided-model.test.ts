import { describe, expect, it } from 'vitest';
import { ask, GATEWAY_TOKEN, routeLines } from './support/ai-app.js';
import { scriptedTutoringSuite } from './support/tutoring-app.js';

/**
 * Guided learning with an upstream model: the path and each judgement come from the model as
 * JSON, checked; one repair round, then the course notes (path) or the rules (judgement).
 */

const PATH = {
  steps: [
    {
      title: 'Flux',
      goal: 'Explain flux',
      key_terms: ['flux', 'surface'],
      question: 'What does flux measure?',
    },
    {
      title: 'The law',
      goal: 'State the law',
      key_terms: ['enclosed charge'],
      question: 'What does the flux depend on?',
    },
    {
      title: 'Symmetry',
      goal: 'Use symmetry',
      key_terms: ['symmetry'],
      question: 'Which surface would you pick?',
    },
  ],
};

const suite = scriptedTutoringSuite();

const turn = (payload: Record<string, unknown>, requestId?: string) =>
  suite.ai.app.inject({
    method: 'POST',
    url: '/v1/chat/guided',
    payload: { topic: "Gauss's law", user_id: 'nia', course_id: 'em', ...payload },
    headers: { 'x-ai-gateway-token': GATEWAY_TOKEN, ...(requestId ? { 'x-request-id': requestId } : {}) },
  });

describe('guided learning with an upstream model', () => {
  it('takes the model’s path and its structured judgement', async () => {
    suite.upstream.play({ content: `Here is the plan:\n\`\`\`json\n${JSON.stringify(PATH)}\n\`\`\`` });
    const first = await turn({ messages: ask('teach me') }, 'g-model-1');
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data).toMatchObject({ path_source: 'model', total_steps: 3, model: 'local-model' });
    expect(data.learning_path.map((s: { title: string }) => s.title)).toEqual([
      'Flux',
      'The law',
      'Symmetry',
    ]);
    expect(data.reply).toMatch(/What does flux measure\?/);
    // The path request named the course notes' sections, so the model can follow them.
    expect(suite.upstream.requests[0]!.messages[1]!.content).toMatch(/Choosing a Gaussian surface/);
    expect(routeLines(suite.ai.logs, 'g-model-1')[0]).toMatchObject({
      inputs: { mode: 'guided' },
      upstream: 'local',
    });

    suite.upstream.play({
      content: JSON.stringify({
        understood: true,
        reason: 'named flux through a surface',
        weak_point: null,
        reply: 'Right. What does the flux depend on?',
      }),
    });
    const second = (
      await turn({ session_id: data.session_id, messages: ask('flux is field through a surface') })
    ).json().data;
    expect(second).toMatchObject({
      reply: 'Right. What does the flux depend on?',
      current_step: 2,
      progress_percentage: 33,
      assessment: { understood: true, judged_by: 'model', reason: 'named flux through a surface' },
    });
    // The model saw the step, the path and the student's message last.
    const sent = suite.upstream.requests[0]!.messages;
    expect(sent[0]!.content).toMatch(/Current step: "Flux"/);
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'flux is field through a surface' });

    suite.upstream.play({
      content: JSON.stringify({
        understood: false,
        reason: 'vague',
        weak_point: 'confuses flux and field',
        reply: 'Hint: count the charge inside. What is enclosed?',
      }),
    });
    const third = (await turn({ session_id: data.session_id, messages: ask('it depends on stuff') })).json()
      .data;
    expect(third).toMatchObject({ current_step: 2, assessment: { understood: false, judged_by: 'model' } });
    expect(third.weak_points).toEqual([{ step: 2, title: 'The law', note: 'confuses flux and field' }]);
  });

  it('repairs a bad path once, then falls back to the course notes', async () => {
    suite.upstream.play({ content: '{"steps": [{"title": "only one"}]}' }, { content: JSON.stringify(PATH) });
    const repaired = (await turn({ messages: ask('go') })).json().data;
    expect(repaired.path_source).toBe('model');
    expect(suite.upstream.requests).toHaveLength(2);
    expect(suite.upstream.requests[1]!.messages.at(-1)!.content).toMatch(/cannot be used: steps/);

    suite.upstream.play({ content: 'Sure! Let us start with flux.' }, { content: 'Still no JSON, sorry.' });
    const fallback = (await turn({ messages: ask('go') })).json().data;
    expect(fallback).toMatchObject({ path_source: 'corpus', total_steps: 6 });
    expect(fallback.learning_path[0].title).toBe('Electric flux');
  });

  it('lets the rules judge a turn when the model’s judgement is not usable JSON', async () => {
    suite.upstream.play({ content: JSON.stringify(PATH) });
    const data = (await turn({ messages: ask('go') })).json().data;
    suite.upstream.play({ content: 'Great answer!' }, { content: '{"understood": "yes"}' });
    const judged = (
      await turn({
        session_id: data.session_id,
        messages: ask('Flux counts the field through a surface, because E·dA adds up over the surface area.'),
      })
    ).json().data;
    expect(judged).toMatchObject({ current_step: 2, assessment: { understood: true, judged_by: 'rules' } });
    expect(judged.reply).toMatch(/\*\*Question:\*\* What does the flux depend on\?/);
  });

  it('maps an upstream outage to 503 and leaves the session as it was', async () => {
    suite.upstream.play({ content: JSON.stringify(PATH) });
    const data = (await turn({ messages: ask('go') })).json().data;
    suite.upstream.play({ status: 503 });
    const down = await turn({ session_id: data.session_id, messages: ask('answer') });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('UPSTREAM_UNAVAILABLE');
    suite.upstream.play({
      content: JSON.stringify({ understood: false, reason: 'r', reply: 'Which quantity? ' }),
    });
    const after = (await turn({ session_id: data.session_id, messages: ask('answer') })).json().data;
    expect(after.current_step).toBe(1);
  });

  it('refuses public routing from a caller without the gateway token', async () => {
    const res = await suite.ai.app.inject({
      method: 'POST',
      url: '/v1/chat/guided',
      payload: { topic: 'x', user_id: 'nia', course_id: 'em', privacy: 'public', messages: ask('go') },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ROUTING_FORBIDDEN');
    expect(suite.upstream.requests).toHaveLength(0);
  });
});
