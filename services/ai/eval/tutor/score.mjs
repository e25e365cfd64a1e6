// The tutor as a student meets it, offline (no model configured), through the AI service's HTTP
// routes: lead questions (tutor_rag: does the answer open with what was asked, is the first
// citation in the right notes file), word problems (problem_solver: right, wrong or honest),
// off-topic questions (refused) and tool requests (chat_with_tools: every part handled).
// Sets are JSON lines in this folder, written from a student's head rather than from the notes.
// Run with `npm run tutor:eval` (builds first); `--misses` lists what failed.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '@faraday/server-kit';
import { buildApp } from '../../dist/app.js';
import { aiEnvSchema, toAiConfig } from '../../dist/config.js';
import { assertedNumbers, close, leadOf, matchesAll, numbersIn, refused, saidNegative } from './scoring.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const showMisses = process.argv.includes('--misses');
// `--<folder>` scores the sets in that folder of this one instead of the main sets: `--held-out`
// (written after the knowledge base), `--fresh`, `--fresh2`, `--fresh3`, `--fresh4` (each written
// after the previous one's misses were seen), `--misspelt` (students' typos and variants);
// RESULTS.md says which were tuned against.
const folders = (await readdir(here, { withFileTypes: true })).filter((e) => e.isDirectory());
const setFlag = folders.map((e) => `--${e.name}`).find((flag) => process.argv.includes(flag));
const setDir = setFlag ? join(here, setFlag.slice(2)) : here;
// `--tools`: only the tool requests (chat_with_tools), a quick run while working on the tools.
const onlyTools = process.argv.includes('--tools');

async function lines(name) {
  if (onlyTools && name !== 'tools.jsonl') return [];
  const path = join(setDir, name);
  if (!(await readdir(setDir)).includes(name)) return [];
  const text = await readFile(path, 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

const dir = await mkdtemp(join(tmpdir(), 'faraday-tutor-eval-'));
const config = toAiConfig(
  parseConfig(aiEnvSchema, {
    LOG_LEVEL: 'silent',
    AI_GATEWAY_SHARED_TOKEN: 'tutor-eval-token-0123',
    SESSION_STORE_PATH: join(dir, 'sessions.db'),
    SIM_SERVICE_URL: 'http://127.0.0.1:9',
    TOOL_SIM_TIMEOUT_SEC: '1',
  }),
);
const app = await buildApp(config);

async function post(url, body) {
  const res = await app.inject({ method: 'POST', url, payload: body });
  const json = res.json();
  if (res.statusCode !== 200) throw new Error(`${url} ${res.statusCode}: ${res.body}`);
  return json.data;
}

const ask = (mode, q) => post('/v1/chat', { mode, messages: [{ role: 'user', content: q }] });
const topicOf = (source) => source.replace(/^(en|zh)\//, '').replace(/\.md$/, '');

const misses = [];
const figures = {};

// Lead questions: the lead (the opening of the reply) holds every required piece; recall@1 is the
// first citation's notes file; a refusal of an answerable question is a false refusal.
const lead = [
  ...(await lines('lead-en.jsonl')),
  ...(await lines('lead-zh.jsonl')),
  ...(await lines('lead.jsonl')),
];
let leadRight = 0;
let top1 = 0;
let falseRefusals = 0;
for (const item of lead) {
  const answer = await ask('tutor_rag', item.q);
  const citations = answer.citations ?? [];
  if (refused(answer)) falseRefusals++;
  if (citations[0] && topicOf(citations[0].source) === item.topic) top1++;
  if (matchesAll(leadOf(answer.reply), item.must)) leadRight++;
  else
    misses.push(
      `lead ${item.id}: ${item.q}\n    → ${leadOf(answer.reply).replace(/\n/g, ' ').slice(0, 160)}`,
    );
}
figures.lead = { n: lead.length, right: leadRight / lead.length, recall1: top1 / lead.length };
figures.falseRefusals = falseRefusals / lead.length;

// Word problems: right when every expected value is stated; wrong when a result is asserted
// that is none of them; otherwise honest (it said it could not, or only planned the steps).
const problems = await lines('word-problems.jsonl');
const outcome = { right: 0, wrong: 0, honest: 0 };
for (const item of problems) {
  const { reply } = await ask('problem_solver', item.q);
  const given = numbersIn(item.q);
  const stated = numbersIn(reply).filter((n) => !given.some((g) => close(g, n)));
  const asserted = assertedNumbers(reply);
  // A size said negative in words claims the negative value too.
  const negative = saidNegative(reply);
  const expected = (n) =>
    item.expect.some((e) => close(n, e.value) || (negative.includes(n) && close(-Math.abs(n), e.value)));
  // A zero (the field inside a shell) counts only on a result line: a stray 0 of a formula is not it.
  // A result line's value counts even when it equals a given number in SI (1 mT beside 1 mm).
  const signed = [...stated, ...asserted, ...negative.map((n) => -Math.abs(n))];
  const found = item.expect.every((e) => (e.value === 0 ? asserted : signed).some((n) => close(n, e.value)));
  let verdict = 'honest';
  if (found) verdict = 'right';
  else if (asserted.some((n) => !expected(n) && !given.some((g) => close(g, n)))) verdict = 'wrong';
  outcome[verdict]++;
  if (verdict !== 'right')
    misses.push(
      `problem ${item.id} (${verdict}): ${item.q}\n    → ${reply.replace(/\n+/g, ' ').slice(0, 200)}`,
    );
}
figures.problems = { n: problems.length, ...outcome };

// Off-topic: refused in tutor_rag (no citation, the not-found reply).
const off = await lines('off-topic.jsonl');
let offRefused = 0;
for (const item of off) {
  const answer = await ask('tutor_rag', item.q);
  if (refused(answer)) offRefused++;
  else
    misses.push(
      `off-topic ${item.id} answered: ${item.q}\n    → ${answer.reply.replace(/\n/g, ' ').slice(0, 120)}`,
    );
}
figures.offTopic = { n: off.length, refused: offRefused / off.length };

// Tools: the named tool called (`tool`) and every required piece in the reply (`must`), each
// when given. The eval has no sim service, so a simulation is scored by its call, not its numbers.
const tools = await lines('tools.jsonl');
let toolsRight = 0;
for (const item of tools) {
  const answer = await post('/v1/chat_with_tools', { messages: [{ role: 'user', content: item.q }] });
  const called = !item.tool || answer.tool_calls.some((c) => c.name === item.tool);
  const ok = called && (!item.must || matchesAll(answer.reply, item.must));
  if (ok) toolsRight++;
  else {
    const calls = answer.tool_calls.map((c) => c.name).join(', ') || 'no tool';
    misses.push(
      `tools ${item.id}: ${item.q}\n    → [${calls}] ${answer.reply.replace(/\n/g, ' ').slice(0, 160)}`,
    );
  }
}
figures.tools = { n: tools.length, right: tools.length ? toolsRight / tools.length : 0 };

await app.close();
await rm(dir, { recursive: true, force: true });

const pct = (x) => `${(100 * x).toFixed(1)} %`;
// Each figure only for a set that has items (`--tools` runs the tool requests alone).
if (figures.lead.n > 0) {
  console.log(
    `lead questions (${figures.lead.n}): lead answer right ${pct(figures.lead.right)}, recall@1 ${figures.lead.recall1.toFixed(3)}`,
  );
  console.log(`false refusals: ${pct(figures.falseRefusals)}`);
}
const p = figures.problems;
if (p.n > 0)
  console.log(
    `word problems (${p.n}): right ${p.right} (${pct(p.right / p.n)}), wrong ${p.wrong}, honest ${p.honest}`,
  );
if (figures.offTopic.n > 0)
  console.log(`off-topic (${figures.offTopic.n}): refused ${pct(figures.offTopic.refused)}`);
if (figures.tools.n > 0)
  console.log(`tool requests (${figures.tools.n}): handled ${pct(figures.tools.right)}`);
if (showMisses) console.log(`\n${misses.join('\n')}`);
