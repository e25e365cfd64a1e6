import { stringify } from 'csv-stringify/sync';
import type { Gradebook } from './gradebook.service.js';

/** A byte-order mark: spreadsheet programs then read the file as UTF-8 (Chinese names intact). */
const UTF8_BOM = '\uFEFF';

/** Text a spreadsheet would run as a formula (=, +, -, @) is kept as text with a leading quote. */
export function asText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const scoreText = (score: number | null) => (score === null ? '' : String(score));

/** An assignment's column: its final score (after any late penalty). */
export const scoreColumnOf = (a: { title: string; max_score: number }) =>
  asText(`${a.title} (/${a.max_score})`);
/** The grade as given, written beside the final score where a late penalty took points. */
export const rawColumnOf = (a: { title: string }) => asText(`${a.title} (raw, before late penalty)`);

/**
 * The gradebook as CSV: one row per student, a score column per assignment (empty when there is
 * no grade yet; the final score), a raw-score column beside it for an assignment where a late
 * penalty took points from anyone, then the total, the maximum, the percentage and the (weighted) course total.
 */
export function gradebookCsv(book: Gradebook): string {
  const penalised = book.assignments.map((_, i) =>
    book.students.some((s) => (s.grades[i]?.late_penalty ?? 0) > 0),
  );
  const header = [
    'username',
    'name',
    'enrolled',
    ...book.assignments.flatMap((a, i) => [scoreColumnOf(a), ...(penalised[i] ? [rawColumnOf(a)] : [])]),
    'total',
    'max_total',
    'percentage',
    'course_total',
  ];
  const rows = book.students.map((s) => [
    asText(s.username),
    asText(s.name),
    s.enrolled ? 'yes' : 'no',
    ...s.grades.flatMap((g, i) => [scoreText(g.score), ...(penalised[i] ? [scoreText(g.raw_score)] : [])]),
    String(s.total_score),
    String(s.max_total),
    s.percentage === null ? '' : String(s.percentage),
    s.course_total === null ? '' : String(s.course_total),
  ]);
  return UTF8_BOM + stringify([header, ...rows], { record_delimiter: 'windows' });
}
