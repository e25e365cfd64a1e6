// Guided learning as scripted students meet it, offline, through the AI service's HTTP route
// POST /v1/chat/guided (issue 34 point 5). Four students, three topics, English and Chinese:
// - correct: computes each numeric answer from the numbers in the prompt with the section's
//   result, picks the right statement, writes the formula, in sentences of their own;
// - keywords: repeats the topic's key words in a template sentence, no numbers;
// - dont-know: answers "I don't know";
// - misconception: states a misconception, picks a wrong choice, and computes with a slip.
// Each gets 12 answers per session. Prints the table; `--write` also writes RESULTS.md, `--misses`
// lists the correct student's answers that were not accepted.
// Run with `npm run guided:eval` (builds first).
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '@faraday/server-kit';
import { buildApp } from '../../dist/app.js';
import { aiEnvSchema, toAiConfig } from '../../dist/config.js';
import { correctAnswer, misconceptionAnswer } from './solver.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const data = JSON.parse(readFileSync(join(here, 'students.json'), 'utf8'));
const TURNS = 12;
const showMisses = process.argv.includes('--misses');

const dir = await mkdtemp(join(tmpdir(), 'faraday-guided-eval-'));
const config = toAiConfig(
  parseConfig(aiEnvSchema, {
    LOG_LEVEL: 'silent',
    AI_GATEWAY_SHARED_TOKEN: 'guided-eval-token-0123',
    SESSION_STORE_PATH: join(dir, 'sessions.db'),
    SIM_SERVICE_URL: 'http://127.0.0.1:9',
  }),
);
const app = await buildApp(config);

async function turn(body) {
  const res = await app.inject({ method: 'POST', url: '/v1/chat/guided', payload: body });
  if (res.statusCode !== 200) throw new Error(`guided ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

const students = {
  correct: (state, lang) => correctAnswer(state, lang),
  keywords: (_state, _lang, words) => words.keywords,
  'dont-know': (_state, lang) => data.dont_know[lang],
  misconception: (state, lang, words) => misconceptionAnswer(state, lang, words.misconception),
};

const rows = [];
for (const topic of data.topics) {
  for (const lang of ['en', 'zh']) {
    const words = topic[lang];
    for (const [name, answer] of Object.entries(students)) {
      const user = `${name}-${topic.id}-${lang}`;
      let state = await turn({
        topic: words.topic,
        user_id: user,
        messages: [{ role: 'user', content: words.topic }],
      });
      let used = 0;
      while (!state.completed && used < TURNS) {
        const content = answer(state, lang, words);
        state = await turn({
          topic: words.topic,
          user_id: user,
          session_id: state.session_id,
          messages: [{ role: 'user', content }],
        });
        used++;
        if (showMisses && name === 'correct' && !state.assessment?.understood)
          console.log(`miss ${user}: ${content}\n    → ${state.assessment?.reason}`);
      }
      rows.push({
        student: name,
        topic: words.topic,
        lang,
        completed: state.completed,
        progress: state.progress_percentage,
        turns: used,
        exercises: state.exercise?.total ?? null,
      });
    }
  }
}
await app.close();
await rm(dir, { recursive: true, force: true });

const table = [
  '| student | topic | language | completed | progress | answers |',
  '|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.student} | ${r.topic} | ${r.lang} | ${r.completed ? 'yes' : 'no'} | ${r.progress} % | ${r.turns} |`,
  ),
].join('\n');
const summary = Object.keys(students)
  .map((s) => {
    const mine = rows.filter((r) => r.student === s);
    return `- ${s}: ${mine.filter((r) => r.completed).length} of ${mine.length} sessions completed in ${TURNS} answers`;
  })
  .join('\n');
console.log(`${table}\n\n${summary}`);
if (process.argv.includes('--write')) {
  writeFileSync(
    join(here, 'RESULTS.md'),
    `# Guided learning: scripted students\n\nProduced by \`npm run guided:eval -- --write\` (services/ai/eval/guided/score.mjs, students in students.json), offline, through \`POST /v1/chat/guided\`. Each student gets at most ${TURNS} answers per session after the opening turn; a session is completed when every exercise of the path has been answered correctly.\n\n${table}\n\n${summary}\n`,
  );
}
const good = rows.filter((r) => r.student === 'correct').every((r) => r.completed);
const bad = rows.filter((r) => r.student !== 'correct').every((r) => !r.completed);
if (!good || !bad) {
  console.error('guided:eval: a correct student did not complete, or another student did');
  process.exitCode = 1;
}
