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

/** Characters Windows refuses in a path segment (and `/`, `\`, which would make a folder). */
const NON_PORTABLE = /[<>:"/\\|?*]/g;
/** Names Windows reserves for devices, with or without an extension (`con.txt` too). */
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/**
 * A name that is safe as one segment of a path in an archive unpacked on any system: a display
 * name (no folders, control or bidi characters) without the characters Windows refuses, not a
 * device name, and not ending in a dot or space (Windows drops them, and two names would meet).
 */
export function portableSegment(raw: string): string {
  let name = displayFileName(raw)
    .replace(NON_PORTABLE, '_')
    .replace(/[. ]+$/u, '');
  if (name === '' || /^\.+$/.test(name)) name = 'file';
  return RESERVED.test(name) ? `_${name}` : name;
}

/**
 * `name`, or `stem (2).ext`, `stem (3).ext`, … when `taken` already holds it; names are compared
 * without case, as Windows and macOS file systems do. Records the answer in `taken`.
 */
export function uniqueName(name: string, taken: Set<string>): string {
  const extension = /\.[^.\s]{1,16}$/u.exec(name)?.[0] ?? '';
  const stem = name.slice(0, name.length - extension.length);
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
