import { describe, expect, it } from 'vitest';
import { ask, GATEWAY_TOKEN } from './support/ai-app.js';
import { scriptedTutoringSuite } from './support/tutoring-app.js';

/**
 * Guided learning with an upstream model configured: the path and every check are the exercise
 * engine's, so a model's judgement can neither pass a step (issue 34) nor cost a turn when it is
 * down. The model is not called.
 */

const suite = scriptedTutoringSuite();

const turn = (payload: Record<string, unknown>) =>
  suite.ai.app.inject({
    method: 'POST',
    url: '/v1/chat/guided',
    payload: { topic: "Gauss's law", user_id: 'nia', course_id: 'em', ...payload },
    headers: { 'x-ai-gateway-token': GATEWAY_TOKEN },
  });

describe('guided learning with an upstream model configured', () => {
  it('plans and checks with the engine; the model is not asked, even when it would say yes', async () => {
    suite.upstream.play(
      { content: JSON.stringify({ understood: true, reason: 'great', reply: 'Right!' }) },
      { status: 503 },
    );
    const first = await turn({ messages: ask('teach me') });
    expect(first.statusCode, first.body).toBe(200);
    const data = first.json().data;
    expect(data).toMatchObject({ path_source: 'corpus', model: 'simulated', exercise: { number: 1 } });
    const next = (
      await turn({ session_id: data.session_id, messages: ask('flux is field through a surface') })
    ).json().data;
    expect(next).toMatchObject({
      progress_percentage: 0,
      assessment: { understood: false, judged_by: 'exercise' },
    });
    expect(suite.upstream.requests).toHaveLength(0);
  });

  it('refuses public routing from a caller without the gateway token, though no model is asked', async () => {
    const res = await suite.ai.app.inject({
      method: 'POST',
      url: '/v1/chat/guided',
      payload: { topic: 'x', user_id: 'nia', course_id: 'em', privacy: 'public', messages: ask('go') },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ROUTING_FORBIDDEN');
  });
});
