/** The two languages the tutor answers in. */
export type Lang = 'en' | 'zh';

/**
 * A sentence in the reader's language, both forms written side by side where the sentence is
 * built (the one helper for it; keyed catalogues in corpus/knowledge/phrases/ (data-file.ts) hold the
 * fixed phrases).
 */
export function t(lang: Lang, en: string, zh: string): string {
  return lang === 'zh' ? zh : en;
}
