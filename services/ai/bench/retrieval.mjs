// Retrieval benchmark: a synthetic index of 10,000 chunks (seeded, so every run sees the same
// data), index build throughput in MB/s, and query latency p50/p99 for keyword, graph and
// hybrid retrieval. Target: p50 under 20 ms. Run after a build:
//   npx tsc -b services/ai && node services/ai/bench/retrieval.mjs
import { performance } from 'node:perf_hooks';
import { report } from '../../../bench/report.mjs';
import { buildIndex, parseIndex, RetrievalEngine, serializeIndex } from '../dist/retrieval/index.js';

const DOCUMENTS = 500;
const SECTIONS_PER_DOCUMENT = 20; // one chunk each: 10,000 chunks
const QUERIES = 300;
const WARMUP = 30;

// mulberry32: a tiny seeded PRNG; Math.random would make runs incomparable.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(20240609);
const pick = (list) => list[Math.floor(random() * list.length)];

// 6,000 made-up words drawn with a Zipf-like law (a few very common, a long tail of rare ones),
// the shape of real vocabulary; 15% of documents are Chinese, from a pool of 1,500 characters.
const syllables = 'ka ri to me lu sa no vi de po ra ne ti mo zu fa le gi bo ce'.split(' ');
const words = Array.from({ length: 6000 }, (_, i) => {
  let w = '';
  for (let s = 0; s < 2 + (i % 3); s++) w += pick(syllables);
  return `${w}${i % 7 === 0 ? 'tion' : ''}`;
});
const hanPool = Array.from({ length: 1500 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 37) % 20000)));
const zipf = (n) => Math.min(n - 1, Math.floor(n ** random() - 1));
const sentence = (chinese) =>
  chinese
    ? `${Array.from({ length: 20 + zipf(20) }, () => hanPool[zipf(hanPool.length)]).join('')}。`
    : `${Array.from({ length: 8 + zipf(12) }, () => words[zipf(words.length)]).join(' ')}.`;

const documents = [];
for (let d = 0; d < DOCUMENTS; d++) {
  const chinese = d % 7 === 0;
  const parts = [`# ${chinese ? `主题${d}` : `Topic ${words[d]}`}\n`];
  for (let s = 0; s < SECTIONS_PER_DOCUMENT; s++) {
    parts.push(`## ${chinese ? `小节${s}` : `${words[zipf(words.length)]} ${words[s]}`}\n`);
    let body = '';
    while (body.length < (chinese ? 250 : 600)) body += `${sentence(chinese)} `;
    parts.push(`${body.trim()}\n`);
  }
  documents.push({ source: `synthetic/doc-${String(d).padStart(4, '0')}.md`, text: parts.join('\n') });
}
const inputBytes = documents.reduce((sum, doc) => sum + Buffer.byteLength(doc.text), 0);

let t = performance.now();
const file = buildIndex(documents);
const buildMs = performance.now() - t;
// buildIndex already rendered the file text (its checksum is a hash of it); this is a lookup.
const { text } = serializeIndex(file);
t = performance.now();
parseIndex(text, 'synthetic');
const engine = RetrievalEngine.fromIndex(file);
const loadMs = performance.now() - t;
t = performance.now();
await engine.warmVectors();
const vectorMs = performance.now() - t;

// Queries: a few words (or a Han phrase) from a random chunk, so every query has real matches.
const queries = Array.from({ length: QUERIES + WARMUP }, () => {
  const chunk = pick(file.chunks);
  if (/\p{Script=Han}/u.test(chunk.text)) {
    const at = Math.floor(random() * (chunk.text.length - 8));
    return chunk.text.slice(at, at + 8);
  }
  const tokens = chunk.text.split(/\s+/);
  return Array.from({ length: 3 + Math.floor(random() * 4) }, () => pick(tokens)).join(' ');
});

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const rows = [];
for (const method of ['keyword', 'graph', 'hybrid']) {
  const times = [];
  for (let i = 0; i < queries.length; i++) {
    const start = performance.now();
    await engine.retrieve(queries[i], { method });
    if (i >= WARMUP) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  rows.push({
    case: `retrieve ${method}`,
    chunks: file.stats.chunks,
    queries: QUERIES,
    'p50 ms': Number(percentile(times, 50).toFixed(2)),
    'p99 ms': Number(percentile(times, 99).toFixed(2)),
    'mean ms': Number((times.reduce((a, b) => a + b, 0) / times.length).toFixed(2)),
    'target p50 < 20 ms': percentile(times, 50) < 20 ? 'met' : 'MISSED',
  });
}
rows.push({
  case: 'build index (chunk, graph, file text)',
  chunks: file.stats.chunks,
  'input MB': Number((inputBytes / 1e6).toFixed(2)),
  ms: Math.round(buildMs),
  'MB/s': Number((inputBytes / 1e6 / (buildMs / 1000)).toFixed(2)),
});
rows.push({ case: 'index file size', 'file MB': Number((Buffer.byteLength(text) / 1e6).toFixed(2)) });
rows.push({ case: 'load (parse, validate, compile)', ms: Math.round(loadMs) });
rows.push({ case: 'hash vectors for all chunks', ms: Math.round(vectorMs) });

report('Retrieval', rows, {
  documents: DOCUMENTS,
  chunks: file.stats.chunks,
  concepts: file.stats.concepts,
  edges: file.stats.edges,
  note: 'synthetic Zipf vocabulary, 1 in 7 documents Chinese; latency of RetrievalEngine.retrieve (ranking, graph expansion, budget, citations)',
});
