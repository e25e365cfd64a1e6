import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TOOL_GUIDANCE } from '../src/tools/tool-registry.js';
import { ask, GATEWAY_TOKEN, type TestAi, upstreamEnv } from './support/ai-app.js';
import { ScriptedOpenAI, type ScriptedRequest } from './support/scripted-openai.js';
import { parseSse } from './support/sse.js';
import { buildTutoringAi, removeDir, tempDir } from './support/tutoring-app.js';

/**
 * The tutor chat with a model that may call the tools (ADR 0133), against a fake upstream that
 * streams text and tool calls as the OpenAI protocol does.
 */

const RING = 'mag field at the center of a ring of wire, radius 5 cm, 2 amps?';
const CHECK = '**Check against the course notes:**';

let upstream: ScriptedOpenAI;
let dir: string;
let ai: TestAi;
let tight: TestAi;
beforeAll(async () => {
  upstream = await ScriptedOpenAI.start();
  dir = await tempDir();
  const env = { AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN, ...upstreamEnv({ local: upstream.url }) };
  ai = await buildTutoringAi(dir, env);
  tight = await buildTutoringAi(dir, { ...env, CHAT_MAX_TOOL_CALLS: '1' });
});
afterAll(async () => {
  await ai.app.close();
  await tight.app.close();
  await upstream.close();
  await removeDir(dir);
});
beforeEach(() => upstream.play());

const chat = (payload: Record<string, unknown>, app = ai) =>
  app.app.inject({
    method: 'POST',
    url: '/v1/chat',
    payload,
    headers: { 'x-ai-gateway-token': GATEWAY_TOKEN },
  });

const toolMessages = (request: ScriptedRequest) =>
  request.messages
    .filter((m) => m.role === 'tool')
    .map((m) => JSON.parse(m.content!) as { ok: boolean; result?: unknown; error?: string });

function streamed(body: string) {
  const events = parseSse(body);
  const text = events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.content)
    .join('');
  return { events, text, kinds: [...new Set(events.map((e) => e.event))] };
}

describe('tutor chat with tools', () => {
  it('streams: the model computes the course result with the student’s numbers and answers with it', async () => {
    upstream.play(
      {
        toolCalls: [
          { id: 'c1', name: 'compute_course_result', arguments: JSON.stringify({ problem: RING }) },
        ],
      },
      (request) => {
        const [outcome] = toolMessages(request);
        const part = (outcome!.result as { parts: { value: number; unit: string }[] }).parts[0]!;
        return { content: `At the centre B = μ₀I/(2R) ≈ ${(part.value * 1e6).toFixed(1)} μT.` };
      },
    );
    const res = await chat({ mode: 'tutor', stream: true, messages: ask(RING) });
    expect(res.statusCode).toBe(200);
    const { events, text, kinds } = streamed(res.body);
    expect(kinds).toEqual(['start', 'tool', 'delta', 'done']);
    const tool = events.find((e) => e.event === 'tool')!.data;
    expect(tool.call).toEqual({ id: 'c1', name: 'compute_course_result', arguments: { problem: RING } });
    expect(tool.result).toMatchObject({ ok: true, result: { parts: [{ solved: true, unit: 'T' }] } });
    // The number agrees with the course result: no check note.
    expect(text).toBe('At the centre B = μ₀I/(2R) ≈ 25.1 μT.');
    expect(text).not.toContain(CHECK);
    // Both rounds were streamed, offered the tools, and told the matching course result.
    expect(upstream.requests.map((r) => [r.stream, r.tools?.length])).toEqual([
      [true, 5],
      [true, 5],
    ]);
    const system = upstream.requests[0]!.messages[0]!.content!;
    expect(system).toContain('B = \\frac{\\mu_0 I}{2R}');
    expect(system).toContain(TOOL_GUIDANCE);
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', finish_reason: 'stop' });
  });

  it('shows the student a wrong number even when the calculator produced it from the wrong formula', async () => {
    upstream.play(
      {
        toolCalls: [
          // The long straight wire's μ₀I/(2πs) instead of the ring's μ₀I/(2R).
          { name: 'evaluate_expression', arguments: '{"expression":"4e-7*pi*2/(2*pi*0.05) * 1e6"}' },
        ],
      },
      { content: 'The field at the centre is B = 8.0 μT.' },
    );
    const res = await chat({ mode: 'tutor', messages: ask(RING) });
    expect(res.statusCode).toBe(200);
    const answer = res.json().data;
    expect(answer.reply.startsWith(`The field at the centre is B = 8.0 μT.\n\n${CHECK}`)).toBe(true);
    expect(answer.reply).toContain('B = 2.51 × 10⁻⁵ T (25.1 μT)');
    expect(answer.tool_calls).toEqual([
      { id: expect.any(String), name: 'evaluate_expression', arguments: expect.any(Object) },
    ]);
    expect(answer.tool_results[0]).toMatchObject({ ok: true, result: { value: 8 } });
    expect(upstream.requests.map((r) => r.stream ?? false)).toEqual([false, false]);
  });

  it('sends a tool’s error back to the model, and the student sees the failed tool and the answer', async () => {
    upstream.play(
      { toolCalls: [{ id: 'bad', name: 'convert_units', arguments: '{"value": 3, "from": "mT"' }] },
      (request) => {
        expect(toolMessages(request)[0]).toMatchObject({ ok: false, error: /not valid JSON/ });
        return { content: 'The conversion failed, but 3 mT is 30 gauss (1 G = 10⁻⁴ T).' };
      },
    );
    const res = await chat({ mode: 'problem_solver', stream: true, messages: ask('3 mT in gauss?') });
    const { events, text } = streamed(res.body);
    const tool = events.find((e) => e.event === 'tool')!.data;
    expect(tool.result).toMatchObject({ id: 'bad', ok: false, error: expect.stringMatching(/JSON/) });
    expect(text).toBe('The conversion failed, but 3 mT is 30 gauss (1 G = 10⁻⁴ T).');
    expect(events.at(-1)!.event).toBe('done');
    expect(upstream.remaining).toBe(0);
  });

  it('runs no more tools than configured, then asks for an answer in words without tools', async () => {
    upstream.play(
      {
        toolCalls: [
          { id: 'a', name: 'evaluate_expression', arguments: '{"expression":"2+2"}' },
          { id: 'b', name: 'evaluate_expression', arguments: '{"expression":"3+3"}' },
        ],
      },
      { content: 'Four, and I could not compute the second.' },
    );
    const res = await chat({ mode: 'tutor', stream: true, messages: ask('what is 2+2 and 3+3?') }, tight);
    const { events, text } = streamed(res.body);
    expect(events.filter((e) => e.event === 'tool').map((e) => (e.data.call as { id: string }).id)).toEqual([
      'a',
    ]);
    const [ran, refused] = toolMessages(upstream.requests[1]!);
    expect(ran).toMatchObject({ ok: true });
    expect(refused).toMatchObject({ ok: false, error: /limit of 1 tool calls/ });
    expect(upstream.requests[1]!.tools).toBeUndefined();
    expect(text).toBe('Four, and I could not compute the second.');
  });

  it('an upstream that fails between tool rounds ends the stream with an error event', async () => {
    upstream.play(
      { toolCalls: [{ name: 'evaluate_expression', arguments: '{"expression":"1+1"}' }] },
      {
        status: 500,
      },
    );
    const res = await chat({ mode: 'tutor', stream: true, messages: ask(RING) });
    const { events, kinds } = streamed(res.body);
    expect(kinds).toEqual(['start', 'tool', 'error']);
    expect(events.at(-1)!.data).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });

  it('without a stream, an upstream failure between rounds is the router’s ordinary failure', async () => {
    upstream.play(
      { toolCalls: [{ name: 'evaluate_expression', arguments: '{"expression":"1+1"}' }] },
      {
        status: 500,
      },
    );
    const res = await chat({ mode: 'tutor', messages: ask(RING) });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('modes that do not teach are offered no tools', async () => {
    upstream.play({ content: 'Polished.' });
    const res = await chat({ mode: 'polish', messages: ask('make this better') });
    expect(res.json().data.reply).toBe('Polished.');
    expect(res.json().data.tool_calls).toBeUndefined();
    expect(upstream.requests[0]!.tools).toBeUndefined();
  });
});
