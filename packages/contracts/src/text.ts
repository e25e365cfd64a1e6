import { z } from 'zod';

/**
 * Characters that have no place in text. NUL is refused in every string of every request by the
 * server kit (PostgreSQL cannot store it, and it truncates strings in C libraries); the other C0
 * controls and DEL are refused per field by the builders below.
 */
export const NUL = '\u0000';

// Line breaks and tabs belong in free text (a message, an essay, a description), never in a
// name, a title or an identifier. Built from strings: the lint rule against control characters
// in regex literals is right everywhere but here, where refusing them is the point.
const LINE_CONTROLS = '\\u0000-\\u001f\\u007f';
const TEXT_CONTROLS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f';
const CONTROL_IN_LINE = new RegExp(`[${LINE_CONTROLS}]`);
const CONTROL_IN_TEXT = new RegExp(`[${TEXT_CONTROLS}]`);
const CLEAN_LINE = new RegExp(`^[^${LINE_CONTROLS}]*$`);
const CLEAN_TEXT = new RegExp(`^[^${TEXT_CONTROLS}]*$`);

/** "U+0000" for the first forbidden character of `value`, if any. */
export function forbiddenCharacter(value: string, allowLineBreaks: boolean): string | undefined {
  const found = (allowLineBreaks ? CONTROL_IN_TEXT : CONTROL_IN_LINE).exec(value);
  if (!found) return undefined;
  return `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The dotted path of the first string (value or object key) holding a NUL anywhere inside
 * `value`, e.g. `body.members.3.name`; undefined when there is none. Iterative, so a hostile
 * depth cannot overflow the stack.
 */
export function pathOfNul(value: unknown, root: string): string | undefined {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], `${path}.${i}`]);
      continue;
    }
    const entries = Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string, unknown];
      if (key.includes(NUL)) return `${path}.${JSON.stringify(key)}`;
      stack.push([child, `${path}.${key}`]);
    }
  }
  return undefined;
}

function refuseControls(schema: z.ZodString, allowLineBreaks: boolean): z.ZodString {
  const what = allowLineBreaks ? 'control characters other than tab and line breaks' : 'control characters';
  return schema.regex(allowLineBreaks ? CLEAN_TEXT : CLEAN_LINE, { error: `must not contain ${what}` });
}

/** A string on one line: names, titles, codes, identifiers, search terms. */
export function lineText(): z.ZodString {
  return refuseControls(z.string(), false);
}

/** Free text that may hold tabs and line breaks: messages, descriptions, answers. */
export function multilineText(): z.ZodString {
  return refuseControls(z.string(), true);
}
