/**
 * The server's validation details ("body.semester: Invalid string: must match pattern …;
 * body.schedule.0.topic: Too small: …") read back into issues a form can show beside its fields,
 * in the reader's language. The shapes below are the validator's own wording (zod) and the
 * backend's; a detail no shape matches keeps its text.
 */

export interface Issue {
  /** The field path without the request part: "semester", "schedule.0.topic". */
  path: string;
  /** A key under `validation.` and what it interpolates, or null for text kept as sent. */
  kind: string | null;
  params: Record<string, string>;
  raw: string;
}

/** Each wording the server uses for a broken rule, and the message kind it means. */
const shapes: { kind: string; pattern: RegExp }[] = [
  { kind: 'required', pattern: /^Too small: expected string to have >=1 characters?$/ },
  { kind: 'required', pattern: /^Invalid input: expected \w+, received undefined$/ },
  { kind: 'minLength', pattern: /^Too small: expected string to have >=(?<n>\d+) characters$/ },
  { kind: 'maxLength', pattern: /^Too big: expected string to have <=(?<n>\d+) characters$/ },
  { kind: 'minItems', pattern: /^Too small: expected array to have >=(?<n>\d+) items?$/ },
  { kind: 'maxItems', pattern: /^Too big: expected array to have <=(?<n>\d+) items?$/ },
  { kind: 'min', pattern: /^Too small: expected number to be >=(?<n>[-\d.e+]+)$/ },
  { kind: 'above', pattern: /^Too small: expected number to be >(?<n>[-\d.e+]+)$/ },
  { kind: 'max', pattern: /^Too big: expected number to be <=(?<n>[-\d.e+]+)$/ },
  { kind: 'below', pattern: /^Too big: expected number to be <(?<n>[-\d.e+]+)$/ },
  { kind: 'integer', pattern: /^Invalid input: expected int, received number$/ },
  { kind: 'number', pattern: /^Invalid input: expected number, received \w+$/ },
  { kind: 'text', pattern: /^Invalid input: expected string, received \w+$/ },
  { kind: 'oneOf', pattern: /^Invalid option: expected one of (?<options>.+)$/ },
  { kind: 'email', pattern: /^Invalid email address$/ },
  { kind: 'dateTime', pattern: /^Invalid ISO datetime$/ },
  { kind: 'pattern', pattern: /^Invalid string: must match pattern .+$/ },
  { kind: 'unknownKeys', pattern: /^Unrecognized keys?: (?<keys>.+)$/ },
  { kind: 'semester', pattern: /^must look like \d{4}-\d{4}-\d/ },
  { kind: 'codeCharacters', pattern: /^may contain letters, digits and _ \. - only$/ },
  { kind: 'range', pattern: /^from (?<min>[-\d.]+) to (?<max>[-\d.]+)$/ },
  { kind: 'atLeastGiven', pattern: /^must be at least (?<n>[-\d.]+), the highest score given$/ },
  { kind: 'emptySubmission', pattern: /^empty and no files$/ },
  // The backend's own refusals of one field (details name only the field; the message says why).
  { kind: 'usernameTaken', pattern: /^That username is taken$/ },
  { kind: 'weakPassword', pattern: /^too weak, needs / },
  { kind: 'wrongPassword', pattern: /^The current password is wrong$/ },
  { kind: 'future', pattern: /must be in the future$/ },
  { kind: 'enabledTeacher', pattern: /must be an enabled teacher$/ },
  { kind: 'belowEnrolled', pattern: /cannot be below the (?<n>\d+) enrolled students$/ },
  { kind: 'stateExpired', pattern: /^The login state has expired/ },
  { kind: 'noGuidedPath', pattern: /^no checked exercises for "(?<topic>.*)"; try (?<topics>.+)$/ },
];

/**
 * Fields whose broken pattern has a better sentence than "has the wrong form" (the field's last
 * name → a key under `validation.fields`).
 */
const fieldPatterns: Record<string, string> = {
  semester: 'semester',
  code: 'codeCharacters',
  username: 'usernameCharacters',
};

/**
 * Splits the details into issues. Details that do not name fields ("at least 8 characters; a
 * digit") give none: the code's own sentence says enough, in the reader's language.
 */
export function parseIssues(details: string | undefined, message = ''): Issue[] {
  if (!details) return [];
  // Only a field's name: the message says what is wrong with it.
  if (/^[\w.[\]-]+$/.test(details)) return [{ path: details, ...classify(details, message), raw: message }];
  return details.split(/; (?=[\w.[\]-]+: )/).flatMap((part) => {
    const match = /^([\w.[\]-]+): (.*)$/s.exec(part);
    if (!match?.[1]) return [];
    const path = match[1].replace(/^(?:body|query|params|querystring)\.?/, '').replace(/\[(\d+)\]/g, '.$1');
    const message = match[2] ?? '';
    return [{ path, ...classify(path, message), raw: message }];
  });
}

function classify(path: string, message: string): Pick<Issue, 'kind' | 'params'> {
  for (const { kind, pattern } of shapes) {
    const match = pattern.exec(message);
    if (!match) continue;
    const params = { ...(match.groups ?? {}) };
    if (params.options) params.options = params.options.replaceAll('"', '').split('|').join(', ');
    const name = lastName(path);
    if (kind === 'pattern' && fieldPatterns[name]) return { kind: fieldPatterns[name], params };
    return { kind, params };
  }
  return { kind: message === '' ? 'invalid' : null, params: {} };
}

/** "schedule.0.topic" → "topic". */
export function lastName(path: string): string {
  return (
    path
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .at(-1) ?? path
  );
}

/** The row number (1-based) of a path inside a list ("schedule.0.topic" → 1), if any. */
export function rowOf(path: string): number | undefined {
  const index = /\.(\d+)(?:\.|$)/.exec(path)?.[1];
  return index === undefined ? undefined : Number(index) + 1;
}

/** Every kind above, so a test can hold the translations to them. */
export const issueKinds = [
  ...new Set([...shapes.map((s) => s.kind), ...Object.values(fieldPatterns), 'invalid']),
];
