// Fits the relevance decision (src/retrieval/relevance.ts) on the calibration half of the student
// questions and on the original set (questions.json, whose results must not move: a decision
// fitted without it drifted across its margin): logistic regression over the relevance features,
// answerable (1) vs off-topic (0), classes weighted equally, then the probability cut that keeps
// false refusals of the fitted questions at or under 3 % while refusing as many off-topic
// questions as possible. Also fitted: eval/everyday-senses.json (training questions on the
// everyday senses of the course's words) and the tutor's main sets and fresh/, fresh2/ off-topic
// sets. The student set's held-out half is never fitted. The questions
// are measured against the shipped (bilingual) index and against each language's notes alone
// (the other language's questions), so one decision serves a course whose material is in one
// language. Prints the model to paste into DEFAULT_RELEVANCE_MODEL and its rates on both
// halves, so overfitting shows. Run after `npx tsc -b services/ai`: node services/ai/eval/calibrate.mjs
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { courseSpelling } from '../dist/knowledge/spelling.js';
import { RetrievalEngine } from '../dist/retrieval/index.js';
import { loadCorpus } from './corpus.mjs';
import { isCalibration, loadStudentSet } from './student-set.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const serviceDir = join(here, '..');
const corpusDir = join(serviceDir, 'corpus');
const corpus = await loadCorpus(corpusDir);
const engine = RetrievalEngine.fromIndex(corpus.file);
const { questions, unanswerable } = await loadStudentSet(here, corpusDir);
const old = JSON.parse(await readFile(join(here, 'questions.json'), 'utf8'));
/** The notes of one language only, for the other language's questions. */
const monolingual = { en: corpus.notesOnly('en'), zh: corpus.notesOnly('zh') };
const other = (lang) => (lang === 'zh' ? 'en' : 'zh');

const KEYS = [
  'coverage',
  'knownCoverage',
  'specificity',
  'concept',
  'unknown',
  'graphConcept',
  'outside',
  'modifier',
  'unanchored',
];
const sample = async (question, label, split, on = engine) => ({
  x: (await on.judge(question)).features,
  label,
  split,
  question,
});
const data = [];
for (const [label, list] of [
  [1, questions],
  [0, unanswerable],
]) {
  for (const q of list) {
    const split = isCalibration(q.id) ? 'cal' : 'held';
    data.push(await sample(q.question, label, split));
    data.push(await sample(q.question, label, `${split} cross`, monolingual[other(q.lang)]));
  }
}
for (const [label, list] of [
  [1, old.questions.map((q) => ({ question: q.question, lang: q.lang }))],
  [0, old.unanswerable.map((q) => ({ question: q, lang: /\p{Script=Han}/u.test(q) ? 'zh' : 'en' }))],
]) {
  for (const q of list) {
    data.push(await sample(q.question, label, 'old'));
    data.push(await sample(q.question, label, 'old cross', monolingual[other(q.lang)]));
  }
}

// Everyday senses of the course's words (eval/everyday-senses.json, written for the purpose) and
// the tutor's main sets and fresh/, fresh2/ off-topic sets, asked as the tutor asks them (after the
// course spelling); eval/tutor/held-out, misspelt, fresh/lead and fresh3 stay unfitted.
const everyday = JSON.parse(await readFile(join(here, 'everyday-senses.json'), 'utf8'));
for (const [label, list] of [
  [1, everyday.answerable],
  [0, everyday.off_topic],
]) {
  for (const q of list) {
    data.push(await sample(q.q, label, 'everyday'));
    data.push(await sample(q.q, label, 'everyday cross', monolingual[other(q.lang)]));
  }
}
const tutorSet = async (name) =>
  (await readFile(join(here, 'tutor', name), 'utf8'))
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => courseSpelling(JSON.parse(l).q));
for (const [label, names] of [
  [1, ['lead-en.jsonl', 'lead-zh.jsonl']],
  [0, ['off-topic.jsonl', 'fresh/off-topic.jsonl', 'fresh2/off-topic.jsonl']],
]) {
  for (const name of names) for (const q of await tutorSet(name)) data.push(await sample(q, label, 'tutor'));
}

const vec = (f) => KEYS.map((k) => f[k]);
const fitted = (d) => !d.split.startsWith('held');
const train = data.filter(fitted);
const positives = train.filter((d) => d.label === 1).length;
const negatives = train.length - positives;
// `--freeze='{"coverage":1.346,…}'`: those weights stay as given and only the others and the bias
// are fitted, so a new feature is added without moving what the old ones decide.
const frozen = JSON.parse(process.argv.find((a) => a.startsWith('--freeze='))?.slice(9) ?? '{}');
let w = KEYS.map((k) => frozen[k] ?? 0);
let b = 0;
const L2 = 0.01;
const sigmoid = (z) => 1 / (1 + Math.exp(-z));
for (let epoch = 0; epoch < 20000; epoch++) {
  const gw = KEYS.map(() => 0);
  let gb = 0;
  for (const d of train) {
    const x = vec(d.x);
    const p = sigmoid(b + x.reduce((s, v, i) => s + v * w[i], 0));
    const weight = d.label === 1 ? 0.5 / positives : 0.5 / negatives;
    const e = (p - d.label) * weight;
    x.forEach((v, i) => {
      gw[i] += e * v;
    });
    gb += e;
  }
  w = w.map((v, i) => (KEYS[i] in frozen ? v : v - 2 * (gw[i] + L2 * v)));
  b -= 2 * gb;
}
const prob = (d) => (d.x.coverage === 0 ? 0 : sigmoid(b + vec(d.x).reduce((s, v, i) => s + v * w[i], 0)));
// The cut: the highest probability that keeps false refusals of the fitted questions at or under 3 %.
const pos = train
  .filter((d) => d.label === 1)
  .map(prob)
  .sort((x, y) => x - y);
const maxFalseRefusals = Number(process.argv.find((a) => a.startsWith('--max-fr='))?.slice(9) ?? 0.03);
const allowed = Math.floor(maxFalseRefusals * pos.length);
console.log(
  pos
    .slice(0, 12)
    .map((p) => p.toFixed(3))
    .join(' '),
);
const threshold = Math.floor(pos[allowed] * 1000) / 1000;
const rates = (split) => {
  const set = data.filter((d) => d.split === split);
  const on = set.filter((d) => d.label === 1);
  const off = set.filter((d) => d.label === 0);
  return {
    split,
    'false refusals': `${on.filter((d) => prob(d) < threshold).length}/${on.length}`,
    'off-topic refused': `${off.filter((d) => prob(d) < threshold).length}/${off.length}`,
  };
};
console.table(
  ['cal', 'held', 'cal cross', 'held cross', 'old', 'old cross', 'everyday', 'everyday cross', 'tutor'].map(
    rates,
  ),
);
const round = (v) => Math.round(v * 1000) / 1000;
console.log(
  JSON.stringify({
    bias: round(b),
    weights: Object.fromEntries(KEYS.map((k, i) => [k, round(w[i])])),
    threshold,
  }),
);
if (process.argv.includes('--errors')) {
  for (const d of data) {
    const p = prob(d);
    if (p >= threshold !== (d.label === 1))
      console.log(d.split, d.label, p.toFixed(3), JSON.stringify(d.x), d.question);
  }
}
if (process.argv.includes('--roc')) {
  for (const t of [0.1, 0.2, 0.3, 0.35, 0.4, 0.45, 0.48, 0.5, 0.52, 0.54, 0.56]) {
    const r = (split, label) => {
      const set = data.filter((d) => d.split === split && d.label === label);
      return `${set.filter((d) => prob(d) < t).length}/${set.length}`;
    };
    console.log(
      t,
      'cal FR',
      r('cal', 1),
      'cal OT',
      r('cal', 0),
      'held FR',
      r('held', 1),
      'held OT',
      r('held', 0),
      'old',
      r('old', 1),
      r('old', 0),
    );
  }
}
