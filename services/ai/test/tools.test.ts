import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { K_COULOMB } from '../src/simulated/quantities.js';
import { ask, GATEWAY_TOKEN, upstreamEnv } from './support/ai-app.js';
import { unusedUrl } from './support/fake-openai.js';
import { ScriptedOpenAI } from './support/scripted-openai.js';
import { startSimService } from './support/sim-server.js';
import { buildTutoringAi, removeDir, tempDir } from './support/tutoring-app.js';

/**
 * The tool-calling loop against an OpenAI-compatible fake that emits tool calls, good and bad,
 * with the real simulation service behind run_simulation.
 */

let upstream: ScriptedOpenAI;
let sim: { app: FastifyInstance; url: string };
let dir: string;
let ai: Awaited<ReturnType<typeof buildTutoringAi>>;
beforeAll(async () => {
  upstream = await ScriptedOpenAI.start();
  sim = await startSimService();
  dir = await tempDir();
  ai = await buildTutoringAi(dir, {
    AI_GATEWAY_SHARED_TOKEN: GATEWAY_TOKEN,
    SIM_SERVICE_URL: sim.url,
    ...upstreamEnv({ local: upstream.url }),
  });
});
afterAll(async () => {
  await ai.app.close();
  await sim.app.close();
  await upstream.close();
  await removeDir(dir);
});
beforeEach(() => upstream.play());

const chat = (payload: Record<string, unknown>) =>
  ai.app.inject({
    method: 'POST',
    url: '/v1/chat_with_tools',
    payload,
    headers: { 'x-ai-gateway-token': GATEWAY_TOKEN },
  });

describe('POST /v1/chat_with_tools with an upstream', () => {
  it('runs the tools the model asks for and reports bad calls back to it', async () => {
    upstream.play(
      {
        content: null,
        toolCalls: [
          { id: 'c1', name: 'evaluate_expression', arguments: '{"expression": "sin(30 deg) * 5"}' },
          { id: 'c2', name: 'convert_units', arguments: '{"value": 3, "from": "mT", "to": ' },
          { id: 'c3', name: 'launch_rocket', arguments: '{}' },
          { id: 'c4', name: 'convert_units', arguments: '{"value": "three", "from": "mT", "to": "gauss"}' },
        ],
      },
      {
        toolCalls: [
          { id: 'c5', name: 'convert_units', arguments: '{"value": 3, "from": "mT", "to": "gauss"}' },
        ],
      },
      { content: 'sin(30°)·5 = 2.5, and 3 mT is 30 gauss.' },
    );
    const res = await chat({ messages: ask('What is sin(30°)·5, and 3 mT in gauss?') });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      reply: 'sin(30°)·5 = 2.5, and 3 mT is 30 gauss.',
      model: 'local-model',
      rounds: 3,
    });
    expect(data.tool_calls).toEqual([
      { id: 'c1', name: 'evaluate_expression', arguments: { expression: 'sin(30 deg) * 5' } },
      { id: 'c2', name: 'convert_units', arguments: '{"value": 3, "from": "mT", "to": ' },
      { id: 'c3', name: 'launch_rocket', arguments: {} },
      { id: 'c4', name: 'convert_units', arguments: { value: 'three', from: 'mT', to: 'gauss' } },
      { id: 'c5', name: 'convert_units', arguments: { value: 3, from: 'mT', to: 'gauss' } },
    ]);
    expect(data.tool_results[0]).toMatchObject({
      name: 'evaluate_expression',
      ok: true,
      result: { value: 2.5 },
    });
    expect(data.tool_results[1]).toMatchObject({ ok: false, error: expect.stringMatching(/not valid JSON/) });
    expect(data.tool_results[2]).toMatchObject({
      ok: false,
      error: expect.stringMatching(/unknown tool "launch_rocket"/),
    });
    expect(data.tool_results[3]).toMatchObject({
      ok: false,
      error: expect.stringMatching(/invalid arguments: value/),
    });
    expect(data.tool_results[4]).toMatchObject({ ok: true, result: { value: 30, unit: 'gauss' } });

    // Round 2 carried every result back as a tool message paired by id, errors included.
    const second = upstream.requests[1]!;
    const toolMessages = second.messages.filter((m) => m.role === 'tool');
    expect(toolMessages.map((m) => m.tool_call_id)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(JSON.parse(toolMessages[1]!.content!)).toMatchObject({ ok: false });
    expect(second.messages.find((m) => m.role === 'assistant')!.tool_calls).toHaveLength(4);
    expect(upstream.requests[0]!.tools!.map((tool) => tool.function.name)).toEqual([
      'run_simulation',
      'evaluate_expression',
      'convert_units',
      'search_course_material',
      'compute_course_result',
    ]);
  });

  it('stops at max_tool_calls and then asks for an answer without tools', async () => {
    const again = { toolCalls: [{ name: 'evaluate_expression', arguments: '{"expression": "1 + 1"}' }] };
    upstream.play(
      again,
      { toolCalls: [again.toolCalls[0]!, again.toolCalls[0]!] },
      { content: 'Two, twice.' },
    );
    const data = (await chat({ messages: ask('1 + 1, over and over'), max_tool_calls: 2 })).json().data;
    expect(data.tool_calls).toHaveLength(2);
    expect(data.reply).toBe('Two, twice.');
    expect(upstream.requests).toHaveLength(3);
    // The call over the limit was answered with an error, and the last round offered no tools.
    const refused = upstream.requests[2]!.messages.filter((m) => m.role === 'tool').at(-1)!;
    expect(refused.content).toMatch(/limit of 2 tool calls/);
    expect(upstream.requests[2]!.tools).toBeUndefined();
    expect(upstream.remaining).toBe(0);
  });

  it('never runs more than ten tools, and refuses to be asked for more', async () => {
    const res = await chat({ messages: ask('x'), max_tool_calls: 11 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toMatch(/max_tool_calls/);
    upstream.play({ content: 'no tools needed' });
    const none = (await chat({ messages: ask('hello'), max_tool_calls: 0 })).json().data;
    expect(none).toMatchObject({ reply: 'no tools needed', tool_calls: [], rounds: 1 });
    expect(upstream.requests[0]!.tools).toBeUndefined();
  });

  it('runs a simulation on the real sim service and returns numbers without the image', async () => {
    const r = 0.02;
    upstream.play(
      {
        toolCalls: [
          {
            id: 'sim1',
            name: 'run_simulation',
            arguments: JSON.stringify({
              solver: 'point_charges',
              parameters: {
                charges: [{ x: 0, y: 0, q: 1e-9 }],
                x_min: -0.04,
                x_max: 0.04,
                y_min: -0.04,
                y_max: 0.04,
                grid_size: 81,
              },
              probe: { x: r, y: 0 },
            }),
          },
          {
            id: 'sim2',
            name: 'run_simulation',
            arguments: '{"solver": "point_charges", "parameters": {"charges": []}}',
          },
        ],
      },
      { content: 'About 22 kV/m.' },
    );
    const data = (await chat({ messages: ask('field of a 1 nC charge at 2 cm?') })).json().data;
    const result = data.tool_results[0];
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result)).not.toMatch(/png_base64|svg|iVBOR/);
    const exact = (K_COULOMB * 1e-9) / r ** 2;
    expect(result.result.probe.values['electric_field.magnitude']).toBeCloseTo(exact, -2);
    expect(Math.abs(result.result.probe.values['electric_field.magnitude'] / exact - 1)).toBeLessThan(0.005);
    expect(result.result.electric_field.magnitude).toMatchObject({ grid: [81, 81] });
    expect(result.result.metadata.total_charge).toBe(1e-9);
    // The sim service's own validation error reaches the model as a tool error.
    expect(data.tool_results[1]).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^INVALID_PARAMETERS/),
    });
    expect(data.reply).toBe('About 22 kV/m.');
  });

  it('reports a sim service that is down as a tool error, not a failed request', async () => {
    const down = await buildTutoringAi(dir, {
      SIM_SERVICE_URL: await unusedUrl(),
      ...upstreamEnv({ local: upstream.url }),
    });
    try {
      upstream.play(
        { toolCalls: [{ name: 'run_simulation', arguments: '{"solver": "solenoid", "parameters": {}}' }] },
        { content: 'The lab is down; B = μ0 n I gives the estimate.' },
      );
      const res = await down.app.inject({
        method: 'POST',
        url: '/v1/chat_with_tools',
        payload: { messages: ask('solenoid?') },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.tool_results[0]).toMatchObject({
        ok: false,
        error: expect.stringMatching(/^UPSTREAM_UNAVAILABLE/),
      });
    } finally {
      await down.app.close();
    }
  });

  it('answers with an upstream error when the model itself fails mid-loop', async () => {
    upstream.play(
      { toolCalls: [{ name: 'evaluate_expression', arguments: '{"expression": "2^10"}' }] },
      { status: 500 },
    );
    const res = await chat({ messages: ask('2^10?') });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('refuses an unknown mode', async () => {
    const res = await chat({ messages: ask('x'), mode: 'wizard' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toMatch(/^mode: must be one of tutor/);
  });
});
