const NAME_MAX = 255;
/** Control characters, and the bidi controls that make `evil\u202Efdp.exe` read as `evilexe.pdf`. */
const UNSAFE_CHARACTERS = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
const MIME_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,62}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,62}$/;

/**
 * The name an uploaded file is shown and downloaded under. It is never a path on our side (blob
 * keys are generated), but it goes back out in Content-Disposition and into other people's file
 * systems, so folder parts (`../../etc/passwd` is `passwd`), control and bidi characters and
 * `.`/`..` are dropped and the length is capped at 255 characters, keeping the extension.
 */
export function displayFileName(raw: string | undefined): string {
  const base = (raw ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSAFE_CHARACTERS, '').trim();
  if (clean === '' || /^\.+$/.test(clean)) return 'file';
  const chars = Array.from(clean);
  if (chars.length <= NAME_MAX) return clean;
  // Cut the stem, not the extension: the file should still open with the right program.
  const extension = /\.[^.\s]{1,16}$/u.exec(clean)?.[0] ?? '';
  return chars.slice(0, NAME_MAX - extension.length).join('') + extension;
}

/** A declared content type when it is a plain `type/subtype` (lower-cased), else undefined. */
export function plainContentType(declared: string | undefined): string | undefined {
  const type = (declared ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return MIME_PATTERN.test(type) ? type : undefined;
}
