import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CORPUS_DIR, parseOutline } from '../guided/corpus-outline.js';
import { checkCitedReply } from '../retrieval/cited-reply.js';
import type { Citation } from '../retrieval/context.js';
import { tokenize } from '../retrieval/tokenizer.js';
import { knowledgeAnswers, type Lang, langOf } from './answers.js';
import { claimVerdict } from './claim-check.js';
import { type CourseResult, fold, type ResultMatch } from './knowledge-base.js';
import { scalingOf } from './scaling.js';
import { mentions } from './solver-math.js';

/**
 * The simulated tutor's answer under retrieval, led by the course result the question is about:
 * the result (statement, formula, the student's numbers) cites the notes section it comes from
 * as [1]; the quotations retrieval found follow as evidence, renumbered, each with the [n] of
 * the passage it is a slice of. Sources are the `citations` (title and section), which clients
 * list once; only those the reply cites are kept (docs/adr/0134-citations-name-what-they-support.md). A question retrieval finds nothing for is answered from the knowledge
 * base only when it names a result outright ("solenid", "库伦定律"): words a result is merely
 * described by are shared with off-topic questions (the speed of sound in water).
 */
export interface CitedAnswer {
  reply: string;
  citations: Citation[];
}

interface NotesSection {
  title: string;
  text: string;
}

const notes = new Map<string, { title: string; sections: Map<string, string> }>();

/** A file of the shipped notes, read once; undefined for uploads and anything unreadable. */
function notesDocument(source: string) {
  if (source.startsWith('resources/')) return undefined;
  let doc = notes.get(source);
  if (!doc) {
    try {
      const outline = parseOutline(source, readFileSync(join(DEFAULT_CORPUS_DIR, source), 'utf8'));
      doc = { title: outline.title, sections: new Map(outline.sections.map((s) => [s.title, s.text])) };
    } catch {
      return undefined;
    }
    notes.set(source, doc);
  }
  return doc;
}

function notesSection(source: string, section: string): NotesSection | undefined {
  const doc = notesDocument(source);
  const text = doc?.sections.get(section);
  return doc && text !== undefined ? { title: doc.title, text } : undefined;
}

function citationOf(result: CourseResult, lang: Lang): Citation | undefined {
  const source = `${lang}/${result.topic}.md`;
  const section = result.section[lang];
  const found = notesSection(source, section);
  return found && { n: 1, source, title: found.title, section, text: found.text.trim(), score: 1 };
}

/** The section's paragraph that states the result (its formula line), else its first, verbatim. */
function quoteOf(section: string): string {
  const paragraphs = section
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const formula = paragraphs.findIndex((p) => /[=≈]/.test(p) && p.length < 200);
  if (formula > 0) return `${paragraphs[formula - 1]}\n\n${paragraphs[formula]}`;
  return paragraphs[0] ?? section.trim();
}

/** The last heading of a heading path: `Gauss's law > Choosing the surface` → `Choosing the surface`. */
const lastHeading = (section: string) => section.split(' > ').at(-1) ?? section;

/** How many of the question's terms a result's statement and names share. */
function sharedTerms(question: Set<string>, result: CourseResult, lang: Lang): number {
  const own = new Set(tokenize(`${result.statement[lang]} ${result.names.join(' ')}`));
  let shared = 0;
  for (const term of question) if (own.has(term)) shared++;
  return shared;
}

/**
 * The course result of the section retrieval ranked first that shares the most terms with the
 * question (at least three), when the question names no result outright: retrieval finds the right
 * section far more often than a result's describing words do ("why can't a magnetic field speed
 * up a charge" is magnetic-no-work, whose words are not in it).
 */
function sectionResult(
  question: string,
  passages: readonly Citation[],
  lang: Lang,
  described?: CourseResult,
): CourseResult | undefined {
  const top = [...passages].sort((a, b) => b.score - a.score)[0];
  if (!top) return undefined;
  const terms = new Set(tokenize(question));
  let best: { result: CourseResult; shared: number } | undefined;
  for (const result of knowledgeAnswers().kb.results) {
    if (`${lang}/${result.topic}.md` !== top.source || result.section[lang] !== lastHeading(top.section))
      continue;
    const shared = sharedTerms(terms, result, lang);
    // As many words shared: the result the question's words describe (a moving charge's force,
    // not the Lorentz force it is a case of).
    const better = !best || shared > best.shared || (shared === best.shared && result === described);
    if (shared >= 3 && better) best = { result, shared };
  }
  return best?.result;
}

/**
 * Of the results of the section retrieval ranked first, the one whose variable the question
 * scales (the most terms shared when several do): "double the turns on my coil, what happens to
 * L" names no result and shares two words with its statement, but scales N of the inductance.
 */
function scaledSectionResult(question: string, passages: readonly Citation[], lang: Lang) {
  const top = [...passages].sort((a, b) => b.score - a.score)[0];
  if (!top) return undefined;
  const { kb } = knowledgeAnswers();
  const terms = new Set(tokenize(question));
  let best: { result: CourseResult; shared: number } | undefined;
  for (const result of kb.results) {
    if (`${lang}/${result.topic}.md` !== top.source || result.section[lang] !== lastHeading(top.section))
      continue;
    if (!scalingOf(kb, result, question)) continue;
    const shared = sharedTerms(terms, result, lang);
    if (!best || shared > best.shared) best = { result, shared };
  }
  return best?.result;
}

/** The match score of a result described by three word groups (5 + one per group). */
const DESCRIBED_FULLY = 8;

/** Whether the question asks for the quantity the result computes, by a word for it (units.json `asked`). */
function asksQuantityOf(question: string, result: CourseResult): boolean {
  const { kb } = knowledgeAnswers();
  const words = result.compute ? kb.units.asked.units[result.compute.unit] : undefined;
  return words !== undefined && mentions(fold(question), words);
}

/** Whether retrieval found the result's own notes section among its passages. */
const cites = (passages: readonly Citation[], result: CourseResult, lang: Lang) =>
  passages.some(
    (p) => p.source === `${lang}/${result.topic}.md` && lastHeading(p.section) === result.section[lang],
  );

/**
 * The question's own numbers compute the result (the solver's first part is it, solved, from at
 * least one value written with digits): a medium's index read from its name ("speed of sound in
 * water") is no sign the question is about the course.
 */
function solvedWith(question: string, result: CourseResult): boolean {
  return solvedResult(question) === result;
}

/** The result the question's own numbers compute (its first part, from a value written with digits). */
function solvedResult(question: string): CourseResult | undefined {
  const first = knowledgeAnswers().solve(question)[0];
  return first?.status === 'solved' && Object.values(first.written).some((text) => /\d/.test(text))
    ? first.result
    : undefined;
}

/**
 * The result the student's numbers compute when the question describes it as well as the result
 * preferred, by word groups of its own and not through everyday words only ("an electron from rest
 * through 1000 V, how fast": the electron-volt and the speed it reaches are both described; the
 * numbers compute the speed).
 */
function describedAndSolved(question: string, matched: ResultMatch | undefined) {
  const solved = solvedResult(question);
  const described = knowledgeAnswers()
    .kb.match(question)
    .some((m) => m.result === solved && !m.everyday && m.score >= (matched?.score ?? 0));
  return solved && described ? solved : undefined;
}

/**
 * The result to lead with: one named outright, else (when retrieval found the question on topic)
 * the top section's, else one described by its words. The section comes before the describing
 * words because it did better on the held-out and fresh tutor sets (services/ai/eval/tutor).
 */
function chosenResult(
  question: string,
  composed: CitedAnswer,
  relevant: boolean,
  lang: Lang,
  outside: boolean,
) {
  const matched = knowledgeAnswers().preferred(question);
  // Retrieval found the question off topic and it names a topic the course does not teach (a
  // film, a pet): a result's name in it is the film's title or the pet's trick, not the course.
  // Unless the student's own numbers compute a result the question describes: a topic named only
  // to be set aside ("ignoring relativity", 不考虑相对论) does not make the numbers off topic.
  // Nor a situation described by three word groups of a result and asked the kind it has its own
  // reply to ("a magnet pushed into a coil lights a bulb, why"): the household object named is the
  // apparatus, not the topic.
  if (!relevant && outside) {
    const described = matched && !matched.named && matched.score >= DESCRIBED_FULLY;
    if (described && knowledgeAnswers().answersKind(question, matched.result)) return matched.result;
    return describedAndSolved(question, matched);
  }
  // A name that is also an everyday word ("a high-intensity workout", "on the same 波长") names
  // the result only when retrieval agrees the question is about the course.
  if (matched?.named && (relevant || !matched.everyday)) return matched.result;
  // "Triple the distance between two charges": a result whose variable the question scales is
  // what it asks about, whatever section retrieval ranks first.
  const scaled = matched && scalingOf(knowledgeAnswers().kb, matched.result, question);
  // Described by every word group of a result and computed from the student's own numbers (a
  // charge in a cube, a sheet's σ in μC/m²) or asked how it scales: recognised as surely as by
  // name, whatever the ranking of the notes made of the everyday words around it.
  // Or asked the common question of a kind the result has its own answer to ("why does an
  // electron in a magnetic field go round in a circle"): the kind and every word group together.
  // The kind asked is no sign when the result's only word in the question is an everyday one
  // ("does the conductor check tickets").
  if (!relevant) {
    if (
      matched &&
      (scaled ||
        solvedWith(question, matched.result) ||
        (!matched.everyday && knowledgeAnswers().answersKind(question, matched.result)))
    )
      return matched.result;
    return describedAndSolved(question, matched);
  }
  if (matched && scaled) return matched.result;
  const scaledTop = scaledSectionResult(question, composed.citations, lang);
  // Asked whether something changes when the question scales a variable of another result ("double
  // the Gaussian sphere's radius, does the flux change"): a described result with its own reply to
  // that kind answers it, unless the question asks for the scaled result's own quantity (the field).
  const answersKind = (r: CourseResult) => knowledgeAnswers().answersKind(question, r);
  if (scaledTop && matched && answersKind(matched.result) && !asksQuantityOf(question, scaledTop))
    return matched.result;
  if (scaledTop) return scaledTop;
  // A described result whose own section retrieval also found (at any rank) is confirmed twice;
  // the top section's result, chosen by shared words, is then the weaker sign ("E and B in a
  // wave" ranks the wave-speed section first, the plane-wave section second).
  // Within one section the shared words choose (gravity against Coulomb's force).
  const top = sectionResult(question, composed.citations, lang, matched?.result);
  const sameSection =
    top && matched && top.topic === matched.result.topic && top.section.en === matched.result.section.en;
  if (matched && !sameSection && cites(composed.citations, matched.result, lang)) return matched.result;
  // Asked why an electron circles, the orbit's radius says why and its period does not: a
  // described result with its own reply to the kind asked beats a top section result without one.
  if (matched && answersKind(matched.result) && !(top && answersKind(top))) return matched.result;
  // Both reply to the kind asked: the claim that narrows the top section's result answers the
  // case described ("a bigger Gaussian surface, does the flux change"), the broader one in general.
  if (matched && top && answersKind(matched.result) && matched.result.refines?.includes(top.id))
    return matched.result;
  // Named and described by nothing, on topic, and computed from the student's numbers ("in a wave
  // with E = 600 V/m, whats B"): the value asked leads, not the notes' words around it.
  return top ?? matched?.result ?? solvedResult(question);
}

export function leadWithKnowledge(
  question: string,
  composed: CitedAnswer,
  relevant: boolean,
  outside = false,
): CitedAnswer {
  const answers = knowledgeAnswers();
  const lang = langOf(question);
  // A formula the student asks about leads with the verdict on it (claim-check.ts).
  const claim = claimVerdict(question);
  const chosen = claim?.result ?? chosenResult(question, composed, relevant, lang, outside);
  if (!chosen) return composed;
  const found = answers.lead(question, chosen);
  if (!found) return composed;
  const lead =
    claim && found.result === claim.result ? { ...found, text: `${claim.verdict} ${found.text}` } : found;
  const own = citationOf(lead.result, lang);
  if (!own) return composed;
  // The lead is the tutor's own statement of the result; what follows quotes the notes, each
  // quotation with the [n] of the passage it is a slice of. The result's own section is [1].
  const renumber = new Map<number, number>();
  const citations: Citation[] = [own];
  let ownQuoted = false;
  for (const c of relevant ? composed.citations : []) {
    // The first passage from the result's own section becomes [1]; another slice of that section
    // keeps a number of its own, so every quotation cites the text it was cut from.
    if (!ownQuoted && c.source === own.source && lastHeading(c.section) === own.section) {
      renumber.set(c.n, 1);
      citations[0] = { ...c, n: 1, title: own.title, section: own.section };
      ownQuoted = true;
    } else {
      citations.push({ ...c, n: citations.length + 1 });
      renumber.set(c.n, citations.length);
    }
  }
  const parts = [lead.text];
  if (!ownQuoted) parts.push(`${quoteOf(own.text)} [1]`);
  if (relevant) {
    // The composed answer, its [n] renumbered.
    const body = composed.reply.replace(/\[(\d+)\]/g, (m, n: string) => {
      const to = renumber.get(Number(n));
      return to === undefined ? m : `[${to}]`;
    });
    parts.push(body);
  }
  // The result's own section stays [1] wherever its quotation falls; uncited passages go.
  return checkCitedReply(parts.join('\n\n'), citations, true);
}
