// Retrieval quality on the default corpus: recall@5 and MRR of keyword, graph and hybrid
// retrieval over the questions in questions.json, plus how often "nothing relevant" is
// reported for questions the corpus does not cover. Run with `npm run rag:eval` (builds first).
// Exit code 1 when keyword+graph recall@5 falls below 0.9, the bar of issue 9.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from '../../../bench/report.mjs';
import { buildIndex, loadIndexFile, RetrievalEngine, readCorpus } from '../dist/retrieval/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const serviceDir = join(here, '..');
const indexPath = join(serviceDir, 'corpus/index/graph-index.json');
const K = 5;
const REQUIRED_GRAPH_RECALL = 0.9;

const { questions, unanswerable } = JSON.parse(await readFile(join(here, 'questions.json'), 'utf8'));

// The committed index is what ships; warn if it no longer matches the notes it was built from.
const file = await loadIndexFile(indexPath);
const fresh = buildIndex(await readCorpus(join(serviceDir, 'corpus')), {
  chunking: { maxChars: file.chunking.max_chars, overlapChars: file.chunking.overlap_chars },
});
if (fresh.checksum !== file.checksum) {
  console.warn(
    'warning: corpus/index/graph-index.json is stale; run `npm run rag:build -- --input services/ai/corpus --output services/ai/corpus/index/graph-index.json`',
  );
}
// Second setting: the same notes cut into small chunks, so that an answer often sits in a chunk
// that does not repeat the question's words: the case graph expansion is for.
const FINE_CHUNKS = { maxChars: 400, overlapChars: 80 };
const settings = [
  { label: 'shipped index', engine: RetrievalEngine.fromIndex(file) },
  {
    label: `fine chunks (${FINE_CHUNKS.maxChars} chars)`,
    engine: RetrievalEngine.fromIndex(
      buildIndex(await readCorpus(join(serviceDir, 'corpus')), { chunking: FINE_CHUNKS }),
    ),
  },
];

const methods = [
  { name: 'keyword', options: { method: 'keyword' } },
  { name: 'keyword+rerank (graph, 0 hops)', options: { method: 'graph', hops: 0 } },
  { name: 'graph (keyword+graph, 1 hop)', options: { method: 'graph' }, gate: true },
  { name: 'graph (keyword+graph, 2 hops)', options: { method: 'graph', hops: 2 } },
  { name: 'hybrid (keyword+vector RRF, graph)', options: { method: 'hybrid' } },
];

const isAnswer = (chunk, answer) =>
  chunk.source === answer.source && chunk.headingPath.at(-1) === answer.section;

const rows = [];
const misses = {};
let gateRecall = 0;
for (const { label, engine } of settings) {
  for (const { name, options, gate } of methods) {
    const groups = {};
    const group = (key) => {
      groups[key] ??= { hits: 0, n: 0 };
      return groups[key];
    };
    let hits = 0;
    let reciprocal = 0;
    const key = `${label}: ${name}`;
    misses[key] = [];
    for (const q of questions) {
      const ranked = await engine.rank(q.question, options);
      const rank = ranked.findIndex((chunk) => isAnswer(chunk, q.answer)) + 1;
      const hit = rank > 0 && rank <= K;
      const rr = rank > 0 ? 1 / rank : 0;
      hits += hit ? 1 : 0;
      reciprocal += rr;
      for (const key of [q.lang, q.kind]) {
        group(key).hits += hit ? 1 : 0;
        group(key).n += 1;
      }
      if (!hit) misses[key].push(`${q.id} (rank ${rank || 'none'})`);
    }
    let abstained = 0;
    for (const question of unanswerable) {
      const result = await engine.retrieve(question, options);
      if (!result.relevant) abstained++;
    }
    let answeredAsRelevant = 0;
    for (const q of questions) {
      if ((await engine.retrieve(q.question, options)).relevant) answeredAsRelevant++;
    }
    const recall = hits / questions.length;
    if (gate && label === 'shipped index') gateRecall = recall;
    rows.push({
      index: label,
      method: name,
      [`recall@${K}`]: Number(recall.toFixed(3)),
      MRR: Number((reciprocal / questions.length).toFixed(3)),
      ...Object.fromEntries(
        ['en', 'zh', 'direct', 'paraphrase'].map((key) => [
          `r@${K} ${key}`,
          Number((groups[key].hits / groups[key].n).toFixed(3)),
        ]),
      ),
      'relevant (answerable)': `${answeredAsRelevant}/${questions.length}`,
      'nothing found (unanswerable)': `${abstained}/${unanswerable.length}`,
    });
  }
}

report('RAG eval', rows, {
  questions: questions.length,
  unanswerable: unanswerable.length,
  index: file.checksum,
  chunks: Object.fromEntries(settings.map(({ label, engine }) => [label, engine.status().chunks])),
  embedding: settings[0].engine.status().embedding,
  misses,
});
for (const [name, list] of Object.entries(misses)) {
  if (list.length > 0) console.log(`${name}: missed ${list.join(', ')}`);
}
if (gateRecall < REQUIRED_GRAPH_RECALL) {
  console.error(`keyword+graph recall@${K} ${gateRecall.toFixed(3)} is below ${REQUIRED_GRAPH_RECALL}`);
  process.exitCode = 1;
}
