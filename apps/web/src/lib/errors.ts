import { ApiError } from '@faraday/client';
import { isErrorCode } from '@faraday/contracts';
import type { TFunction } from 'i18next';
import { retryWhen } from './format';
import { type Issue, lastName, parseIssues, rowOf } from './validation-issues';

/**
 * Every failure as a sentence in the reader's language: the sentence for the error's code (the
 * contracts' catalogue, translated), what was wrong with each field, and when to try again.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.unexpected');
  const issues = error.status === 400 ? parseIssues(error.details, error.message) : [];
  const rest = issues.map((issue) => describeIssue(issue, t, true)).join('; ');
  return [codeMessage(error, t), rest].filter(Boolean).join(' ');
}

/** The sentence for the code alone (and when to try again), without field details. */
function codeMessage(error: ApiError, t: TFunction): string {
  if (error.code === 'NETWORK_ERROR') return t('errors.network');
  const base = isErrorCode(error.code) ? t(`api.codes.${error.code}`) : error.message;
  if (error.status === 429 && error.retryAfter) {
    return `${base} ${t('errors.retryIn', { when: retryWhen(error.retryAfter) })}`;
  }
  return base;
}

/** One broken rule as words; with `named`, prefixed by its field (and row) for a message away from the field. */
export function describeIssue(issue: Issue, t: TFunction, named = false): string {
  const text = issue.kind ? t(`api.validation.${issue.kind}`, issue.params) : issue.raw;
  if (!named || issue.path === '') return text;
  const name = lastName(issue.path);
  const label = t(`api.fields.${name}`, { defaultValue: name });
  const row = rowOf(issue.path);
  const where = row === undefined ? label : `${label} (${t('api.validation.row', { n: row })})`;
  return `${where}: ${text}`;
}

export interface FieldProblems {
  /** Messages to show beside the form's own fields, by field name. */
  byField: Record<string, string>;
  /** What is left for a message above the form (null when every problem sits on its field). */
  summary: string | null;
}

/**
 * Places a refusal on the form's fields: each validation issue on the field it names (a list
 * field such as `schedule` takes the issues of its rows, with the row number), a known code on
 * the field it is about (e.g. COURSE_CODE_EXISTS → code); the rest goes in the summary.
 */
export function fieldProblems(
  error: unknown,
  t: TFunction,
  fields: readonly string[],
  byCode: Record<string, string> = {},
): FieldProblems {
  if (!error) return { byField: {}, summary: null };
  if (!(error instanceof ApiError)) return { byField: {}, summary: errorMessage(error, t) };
  const codeField = byCode[error.code];
  if (codeField && fields.includes(codeField)) {
    return { byField: { [codeField]: codeMessage(error, t) }, summary: null };
  }
  const issues = error.status === 400 ? parseIssues(error.details, error.message) : [];
  const byField: Record<string, string[]> = {};
  const left: string[] = [];
  for (const issue of issues) {
    const top = issue.path.split('.')[0] ?? '';
    if (fields.includes(top)) {
      const nested = issue.path !== top;
      byField[top] = [...(byField[top] ?? []), describeIssue(issue, t, nested)];
    } else left.push(describeIssue(issue, t, true));
  }
  const placed = Object.fromEntries(Object.entries(byField).map(([k, v]) => [k, v.join('; ')]));
  const summary =
    issues.length === 0
      ? codeMessage(error, t)
      : left.length > 0
        ? `${codeMessage(error, t)} ${left.join('; ')}`
        : null;
  return { byField: placed, summary };
}

/**
 * The form field an error belongs to, to show its message beside the field: the one a validation
 * error names in `details`, or the field a known code is about (e.g. COURSE_CODE_EXISTS → code).
 */
export function fieldOf(error: unknown, byCode: Record<string, string> = {}): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (byCode[error.code]) return byCode[error.code];
  return error.status === 400 ? error.field : undefined;
}
