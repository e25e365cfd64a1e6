import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AliasMatcher } from '../retrieval/aliases.js';
import type { AliasGroup } from '../retrieval/index-model.js';
import { detectLang, type TextLang } from '../writing/text-segments.js';
import { tokensOf } from './topic-words.js';

/**
 * The default course notes as an outline: each Markdown file's title (`#`) and its sections
 * (`##`). A learning path is the sections of the file that best matches the topic, in the
 * topic's language, that the exercise engine can check.
 */

/** services/ai/corpus, from src/guided or dist/guided alike. */
export const DEFAULT_CORPUS_DIR = fileURLToPath(new URL('../../corpus/', import.meta.url));

export interface OutlineSection {
  title: string;
  /** The section's text without its heading. */
  text: string;
}

export interface OutlineDocument {
  /** Relative to the corpus folder, `/`-separated: `en/gauss-law.md`, as retrieval names sources. */
  source: string;
  lang: TextLang;
  title: string;
  sections: OutlineSection[];
}

async function markdownFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (/\.(md|markdown)$/i.test(entry.name)) out.push(path);
    }
  };
  await walk(dir);
  return out.sort();
}

export function parseOutline(source: string, markdown: string): OutlineDocument {
  let title = '';
  const sections: { title: string; lines: string[] }[] = [];
  for (const line of markdown.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const h1 = /^#\s+(.+?)\s*#*$/.exec(line);
    const h2 = /^##\s+(.+?)\s*#*$/.exec(line);
    if (h1 && !title) title = h1[1]!;
    else if (h2) sections.push({ title: h2[1]!, lines: [] });
    else sections.at(-1)?.lines.push(line);
  }
  const lang: TextLang = /^zh\//.test(source) ? 'zh' : /^en\//.test(source) ? 'en' : detectLang(markdown);
  return {
    source,
    lang,
    title: title || source,
    sections: sections.map((s) => ({ title: s.title, text: s.lines.join('\n').trim() })),
  };
}

/** Reads the notes once. */
export async function loadOutline(dir: string = DEFAULT_CORPUS_DIR): Promise<OutlineDocument[]> {
  return Promise.all(
    (await markdownFiles(dir)).map(async (path) =>
      parseOutline(relative(dir, path).split(sep).join('/'), await readFile(path, 'utf8')),
    ),
  );
}

function overlap(query: Set<string>, text: string): number {
  let hits = 0;
  for (const token of new Set(tokensOf(text).map((t) => t.key))) if (query.has(token)) hits += 1;
  return hits;
}

/**
 * The document of the given language that best matches the topic: words of the topic in its
 * title count most, in section headings less, in the text a little. Undefined when nothing
 * matches at all.
 */
export function matchTopic(documents: readonly OutlineDocument[], topic: string, lang: TextLang) {
  const query = new Set(tokensOf(topic).map((t) => t.key));
  if (query.size === 0) return undefined;
  let best: { document: OutlineDocument; score: number } | undefined;
  for (const document of documents.filter((d) => d.lang === lang)) {
    const score =
      4 * overlap(query, document.title) +
      2 * Math.max(0, ...document.sections.map((s) => overlap(query, s.title))) +
      0.2 * overlap(query, document.sections.map((s) => s.text).join('\n'));
    if (score > 0 && (!best || score > best.score)) best = { document, score };
  }
  return best;
}

/**
 * The best document in `lang`, also when the topic is written in the other language ("Gauss's
 * law" asked by a student writing Chinese): the notes are parallel, so the same file name in
 * the other language folder is the same topic.
 */
export function matchTopicAcrossLanguages(
  documents: readonly OutlineDocument[],
  topic: string,
  lang: TextLang,
) {
  const direct = matchTopic(documents, topic, lang);
  if (direct) return direct;
  const other = matchTopic(documents, topic, lang === 'zh' ? 'en' : 'zh');
  if (!other) return undefined;
  const name = other.document.source.split('/').at(-1);
  const twin = documents.find((d) => d.lang === lang && d.source.split('/').at(-1) === name);
  return twin ? { document: twin, score: other.score } : undefined;
}

/**
 * The concept aliases of the notes (`concept-aliases.json`, the table retrieval uses): a topic
 * is matched by what it names, in any language, not by shared words ("electromagnetic
 * induction" is Faraday's law, not the notes titled "Electromagnetic waves").
 */
function courseConcepts(dir: string): AliasMatcher {
  let groups: AliasGroup[] = [];
  try {
    const raw = JSON.parse(readFileSync(join(dir, 'concept-aliases.json'), 'utf8')) as {
      groups?: AliasGroup[];
    };
    groups = (raw.groups ?? []).filter((g) => g.scope !== 'outside');
  } catch {
    // No alias table: topics are matched by their words only.
  }
  return new AliasMatcher(groups);
}

const conceptsByDir = new Map<string, AliasMatcher>();
function conceptsOf(dir: string): AliasMatcher {
  let matcher = conceptsByDir.get(dir);
  if (!matcher) {
    matcher = courseConcepts(dir);
    conceptsByDir.set(dir, matcher);
  }
  return matcher;
}

export interface ConceptSection {
  document: OutlineDocument;
  section: OutlineSection;
}

/**
 * A path by meaning: when the topic names course concepts and no notes file is titled after
 * them, the sections (of any file, in `lang`) that name those concepts — in their heading first,
 * in their text next — in reading order. Undefined when the topic names no concept, or a file's
 * title does (then that whole file is the path, as before).
 */
export function sectionsByConcept(
  documents: readonly OutlineDocument[],
  topic: string,
  lang: TextLang,
  dir: string = DEFAULT_CORPUS_DIR,
): ConceptSection[] | undefined {
  const matcher = conceptsOf(dir);
  const named = matcher.groupsIn(topic);
  if (named.size === 0) return undefined;
  const inLang = documents.filter((d) => d.lang === lang);
  const titled = inLang.some((d) => [...matcher.groupsIn(d.title)].some((g) => named.has(g)));
  if (titled) return undefined;
  const scored: { item: ConceptSection; score: number; order: number }[] = [];
  let order = 0;
  for (const document of inLang) {
    for (const section of document.sections) {
      order += 1;
      const inTitle = [...matcher.groupsIn(section.title)].filter((g) => named.has(g)).length;
      const inText = [...matcher.groupsIn(section.text)].filter((g) => named.has(g)).length;
      const score = 3 * inTitle + inText;
      if (score > 0) scored.push({ item: { document, section }, score, order });
    }
  }
  if (scored.length === 0) return undefined;
  const best = Math.max(...scored.map((s) => s.score));
  // Sections that only mention the concept in passing make a path about something else.
  return scored
    .filter((s) => s.score >= Math.min(best, 2) || s.score >= best / 2)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, 6)
    .sort((a, b) => a.order - b.order)
    .map((s) => s.item);
}
