/**
 * The one tokenizer of the retrieval engine, used for documents and queries alike (a query only
 * matches what the index saw if both went through the same rules). Bump TOKENIZER_VERSION on
 * any change: the index file records it and the loader refuses an index built by other rules.
 *
 * English (and any alphabetic script): NFKD without accents, lower case, words of
 * letters/digits, possessive 's dropped, stop words dropped, then a light suffix stemmer.
 * Chinese: no spaces to split on and no dictionary here, so each run of Han characters (cut
 * at particles such as 的/了/是) gives its character bigrams, which approximate two-character
 * words (电场, 高斯, 定理), and its unigrams (so a single-character query still matches).
 */
export const TOKENIZER_VERSION = 'faraday-tok-2';

// Words that carry no topic. Question fillers (explain, describe, ...) are here too: queries
// are full sentences, and a filler word that happens to occur in one note would pull it up.
const ENGLISH_STOP_WORDS = new Set(
  (
    'a an and are as at be been being but by can could did do does doing done for from had has have ' +
    'having he her here hers him his how i if in into is it its itself just me more most my no nor ' +
    'not of off on once only or other our ours out over own same she should so some such than that ' +
    'the their theirs them then there these they this those through to too under until up very was ' +
    'we were what when where which while who whom why will with would you your yours also about ' +
    'above after again against all any because before below between both down during each few ' +
    'further may might must shall upon via whether yet let lets us one ones within without ' +
    'explain explained explaining describe tell please give show shows mean means meant happen ' +
    'happens know want need get gets got like thing things way ways using use used'
  ).split(/\s+/),
);

/**
 * Han characters that are grammar, not content: a Han run is cut at them. Only characters
 * that almost never sit inside a content word here: 向 (方向), 在 (存在), 之 (之间), 并 (并联)
 * are words' halves too often to be on this list.
 */
const CHINESE_STOP_CHARS = new Set('的了吗呢吧啊么是和与及或也都这那个把被让给请我你他它们什怎'.split(''));

const HAN = /\p{Script=Han}/u;
// A Han run, or a word of letters/digits with an optional possessive/contraction tail. Han
// characters are letters too: the word alternative excludes them, or "FDTD中电场" and "E的方向"
// would each be one word (tokenizer 1 did that).
const TOKEN_PATTERN =
  /\p{Script=Han}+|(?:(?!\p{Script=Han})[\p{L}\p{N}])+(?:['’](?:(?!\p{Script=Han})\p{L})+)?/gu;
const VOWEL = /[aeiouy]/;

/** Light English stemmer: only suffixes whose removal rarely merges unrelated words. */
export function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  let w = word;
  // Plurals: charges -> charge, densities -> density; keep gauss, radius, analysis.
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  // Verb forms: charged/charging -> charg; needs a vowel left so "bed"/"ring" survive.
  for (const suffix of ['ing', 'ed']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3 && VOWEL.test(w.slice(0, -suffix.length))) {
      w = w.slice(0, -suffix.length);
      // running -> runn -> run; but keep ll/ss/zz (spelled, filled).
      if (/([b-df-hj-km-npqrtv-xz])\1$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2);
  // A final e comes and goes with the suffixes above (charge/charged), so it never counts.
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** A Han run cut at particles, so 电场的方向 does not invent the bigram 场方. */
function hanPieces(run: string): string[][] {
  const pieces: string[][] = [];
  let piece: string[] = [];
  for (const ch of run) {
    if (CHINESE_STOP_CHARS.has(ch)) {
      if (piece.length > 0) pieces.push(piece);
      piece = [];
    } else piece.push(ch);
  }
  if (piece.length > 0) pieces.push(piece);
  return pieces;
}

type TokenSink = {
  /** `joined`: the previous token was a content word with only spaces or a hyphen between. */
  word(term: string, joined: boolean): void;
  han(chars: string[]): void;
};

// Callbacks rather than a generator: this runs over every chunk at build and load time.
function scan(text: string, sink: TokenSink): void {
  // NFKD then dropping combining marks folds Ampère to Ampere and full-width letters to ASCII;
  // plain ASCII (most English notes) needs neither.
  const ascii = Buffer.byteLength(text, 'utf8') === text.length;
  const folded = ascii ? text : text.normalize('NFKD').replace(/\p{M}/gu, '');
  const lower = folded.toLowerCase();
  // End of the last content word emitted, -1 after a stop word or Han text.
  let lastEnd = -1;
  for (const match of lower.matchAll(TOKEN_PATTERN)) {
    const token = match[0];
    if (HAN.test(token[0]!)) {
      for (const chars of hanPieces(token)) sink.han(chars);
      lastEnd = -1;
      continue;
    }
    // gauss's -> gauss, ampere's -> ampere.
    const word = token.includes("'") || token.includes('’') ? token.replace(/['’][\p{L}]+$/u, '') : token;
    // One letter (E, B, x) is a symbol, not a topic.
    if (word.length < 2 || ENGLISH_STOP_WORDS.has(word)) {
      lastEnd = -1;
      continue;
    }
    // An adverb (actually, really) is no part of a noun phrase: it ends one and starts none.
    const adverb = word.length > 4 && word.endsWith('ly');
    const joined = !adverb && lastEnd >= 0 && /^[\s-]*$/.test(lower.slice(lastEnd, match.index));
    sink.word(stem(word), joined);
    lastEnd = adverb ? -1 : match.index + token.length;
  }
}

/** Terms of `text` in reading order (repeats kept: BM25 needs term frequencies). */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  scan(text, {
    word: (term) => out.push(term),
    han: (chars) => {
      for (let i = 0; i < chars.length; i++) {
        out.push(chars[i]!);
        if (i + 1 < chars.length) out.push(chars[i]! + chars[i + 1]!);
      }
    },
  });
  return out;
}

/**
 * One thing the query asks about, for judging how much of a query a passage covers: an English
 * word, or a Chinese character, which counts as covered when the passage contains a bigram of
 * the query that holds it (so 高 is covered by 高斯, not by any stray 高).
 */
export interface QueryUnit {
  /** The term whose rarity weighs this unit. */
  term: string;
  /** Any of these in a passage covers the unit. */
  alternatives: string[];
  /**
   * The next unit is the next word of the same phrase (no stop word, particle or punctuation
   * between): in English and Chinese alike the last word of such a run is its head and the
   * words before it modify it ("charging cable": a kind of cable; 压力锅: a kind of 锅).
   */
  joinsNext?: boolean;
}

export interface AnalyzedQuery {
  /** Distinct query terms with their weight in the keyword search. */
  terms: Map<string, number>;
  units: QueryUnit[];
}

/** Single Han characters match almost every Chinese passage: they mostly break ties. */
export const HAN_UNIGRAM_WEIGHT = 0.3;

/** Caps the work one query can cause; a pasted essay is still searched by its first terms. */
export const MAX_QUERY_TERMS = 256;

/**
 * Question words of Chinese questions (为什么, 怎样, 多少 …): query-side only, like the English
 * question fillers, they ask and do not name a topic. Documents keep them (a note may say 为什么),
 * so the index does not change with this list.
 */
const CHINESE_QUESTION_WORDS =
  /为什么|为何|什么|怎么样|怎么|怎样|如何|多少|多大|哪里|哪个|哪些|有没有|能不能|是不是|是否|可以|请问|一下|分别|有何|表述|陈述|叙述|阐述|内容/gu;

/**
 * Words that ask for a law's statement ("State Coulomb's law", "What does Gauss's law state?",
 * "the definition of flux"; 表述/陈述 above): they name no topic, yet as rare words of the
 * notes ("Gauss's law states", the heading "Statement of …") their idf outweighed the concept
 * the question names. Query-side only, like the question words; the verb only where it is one
 * (imperative, or after do/does/did), so "the state of polarization" keeps its noun.
 */
const ASKING_NOUNS = /\b(?:statement|definition|formulation)s?\b/gi;
const ASKING_IMPERATIVE =
  /(^\s*|[.!?;:\n]\s*|\b(?:please|briefly|now|just|you)\s+)(?:state|define|formulate)\b/gi;
const ASKING_AFTER_DO = /\b(do|does|did)\b([^.!?]*?)\b(?:state|define|formulate)\b/gi;

function withoutAskingWords(text: string): string {
  // 的 is a particle: replacing a question word by it cuts the Han run there.
  let asked = containsHan(text) ? text.replace(CHINESE_QUESTION_WORDS, '的') : text;
  // "the" is a stop word: it ends a phrase where the asking word stood.
  asked = asked.replace(ASKING_NOUNS, 'the').replace(ASKING_IMPERATIVE, '$1the');
  return asked.replace(ASKING_AFTER_DO, '$1$2the');
}

export function analyzeQuery(text: string): AnalyzedQuery {
  const asked = withoutAskingWords(text);
  const terms = new Map<string, number>();
  const units: QueryUnit[] = [];
  const seenUnits = new Set<string>();
  const addTerm = (term: string, weight: number) => {
    terms.set(term, Math.max(terms.get(term) ?? 0, weight));
  };
  const addUnit = (key: string, unit: QueryUnit) => {
    if (!seenUnits.has(key)) units.push(unit);
    seenUnits.add(key);
  };
  // The unit the previous content word made (undefined after a break or a repeated word).
  let previous: QueryUnit | undefined;
  scan(asked, {
    word: (term, joined) => {
      if (terms.size >= MAX_QUERY_TERMS) return;
      addTerm(term, 1);
      const fresh = !seenUnits.has(term);
      const unit: QueryUnit = { term, alternatives: [term] };
      addUnit(term, unit);
      if (joined && previous) previous.joinsNext = true;
      previous = fresh ? unit : undefined;
    },
    han: (chars) => {
      previous = undefined;
      chars.forEach((ch, i) => {
        if (terms.size >= MAX_QUERY_TERMS) return;
        addTerm(ch, HAN_UNIGRAM_WEIGHT);
        const bigrams: string[] = [];
        if (i > 0) bigrams.push(chars[i - 1]! + ch);
        if (i + 1 < chars.length) {
          bigrams.push(ch + chars[i + 1]!);
          addTerm(ch + chars[i + 1]!, 1);
        }
        // The character with its neighbours, marked: in 水费 the units 水 and 费 have the same
        // three characters around them and must not merge.
        addUnit(`${chars[i - 1] ?? ''}[${ch}]${chars[i + 1] ?? ''}`, {
          term: ch,
          alternatives: bigrams.length > 0 ? bigrams : [ch],
          ...(i + 1 < chars.length ? { joinsNext: true } : {}),
        });
      });
    },
  });
  // Without a part-of-speech tagger the last word of a run is its head only in a bare noun
  // phrase ("charging cable types"); in a sentence a run crosses the verb ("omega makes SOR
  // converge fastest"), so a question's words are not chained into phrases.
  if (SENTENCE.test(text)) for (const unit of units) if (!isHanTerm(unit.term)) delete unit.joinsNext;
  return { terms, units };
}

/** A question word, an auxiliary or a question mark: the text is a sentence, not a noun phrase. */
const SENTENCE =
  /\?|\b(?:why|how|what|which|when|where|who|whom|whose|is|are|was|were|be|do|does|did|can|could|should|would|will|shall|may|might|must|has|have|had)\b/i;

/** True for terms that came from Han text (unigram or bigram). */
export function isHanTerm(term: string): boolean {
  return HAN.test(term[0] ?? '');
}

/** Whether the text contains Chinese: decides the language of a "nothing found" answer. */
export function containsHan(text: string): boolean {
  return HAN.test(text);
}
