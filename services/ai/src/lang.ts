import type { Catalogue } from './knowledge/data-file.js';

/** The two languages the tutor answers in. */
export type Lang = 'en' | 'zh';

/** The language to answer a text in: Chinese when it has a Han character, else English. */
export const langOf = (text: string): Lang => (/\p{Script=Han}/u.test(text) ? 'zh' : 'en');

/**
 * A sentence in the reader's language, both forms written side by side where the sentence is
 * built (the one helper for it; keyed catalogues in corpus/knowledge/phrases/ (data-file.ts) hold the
 * fixed phrases).
 */
export function t(lang: Lang, en: string, zh: string): string {
  return lang === 'zh' ? zh : en;
}

/**
 * A catalogue's word pattern in either language: its English alternatives, then its Chinese, in
 * the order a regular expression tries them (a message is matched whatever its language).
 */
export function eitherLanguage(book: Catalogue, key: string): string {
  const en = book.en[key];
  const zh = book.zh[key];
  if (en === undefined || zh === undefined) throw new Error(`no pattern "${key}" in both languages`);
  return `${en}|${zh}`;
}
