/** The two languages the tutor answers in. */
export type Lang = 'en' | 'zh';

/**
 * A sentence in the reader's language, both forms written side by side where the sentence is
 * built (the one helper for it; keyed catalogues such as corpus/knowledge/phrases.json hold the
 * fixed phrases).
 */
export function t(lang: Lang, en: string, zh: string): string {
  return lang === 'zh' ? zh : en;
}
