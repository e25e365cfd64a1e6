// Retrieval quality measured after the relevance decision, as a student meets it: a question the
// engine refuses ("nothing relevant") has no rank, so it counts against recall and MRR and as a
// false refusal. Shared by evaluate.mjs and by runs against an older build (before/after tables).

/** `accept`: the (source, section) pairs that answer the question. */
export async function measure(engine, questions, unanswerable, options = {}) {
  let r1 = 0;
  let r5 = 0;
  let reciprocal = 0;
  let refused = 0;
  const misses = [];
  for (const q of questions) {
    const result = await engine.retrieve(q.question, options);
    if (!result.relevant) {
      refused++;
      misses.push(`${q.id} (refused)`);
      continue;
    }
    const ranked = await engine.rank(q.question, options);
    const rank =
      ranked.findIndex((c) =>
        q.accept.some((a) => a.source === c.source && a.section === c.headingPath.at(-1)),
      ) + 1;
    if (rank === 1) r1++;
    if (rank > 0 && rank <= 5) r5++;
    else misses.push(`${q.id} (rank ${rank || 'none'})`);
    if (rank > 0) reciprocal += 1 / rank;
  }
  let offRefused = 0;
  for (const q of unanswerable) {
    const text = typeof q === 'string' ? q : q.question;
    if (!(await engine.retrieve(text, options)).relevant) offRefused++;
    else misses.push(`answered off-topic: ${text}`);
  }
  const n = Math.max(1, questions.length);
  const fixed = (v) => Number(v.toFixed(3));
  return {
    row: {
      questions: questions.length,
      'recall@1': fixed(r1 / n),
      'recall@5': fixed(r5 / n),
      MRR: fixed(reciprocal / n),
      'false refusals': fixed(refused / n),
      'off-topic refused': unanswerable.length ? fixed(offRefused / unanswerable.length) : null,
      'off-topic n': unanswerable.length,
    },
    misses,
  };
}

/** The old set's single answer as an `accept` list. */
export function withAccept(questions) {
  return questions.map((q) => ({ ...q, accept: [q.answer] }));
}
