import { stringify } from 'csv-stringify/sync';
import type { Gradebook } from './gradebook.service.js';

/** A byte-order mark: spreadsheet programs then read the file as UTF-8 (Chinese names intact). */
const UTF8_BOM = '\uFEFF';

/** Text a spreadsheet would run as a formula (=, +, -, @) is kept as text with a leading quote. */
export function asText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The gradebook as CSV: one row per student, a score column per assignment (empty when there is
 * no grade yet), then the total, the maximum, the percentage and the (weighted) course total.
 */
export function gradebookCsv(book: Gradebook): string {
  const header = [
    'username',
    'name',
    'enrolled',
    ...book.assignments.map((a) => asText(`${a.title} (/${a.max_score})`)),
    'total',
    'max_total',
    'percentage',
    'course_total',
  ];
  const rows = book.students.map((s) => [
    asText(s.username),
    asText(s.name),
    s.enrolled ? 'yes' : 'no',
    ...s.grades.map((g) => (g.score === null ? '' : String(g.score))),
    String(s.total_score),
    String(s.max_total),
    s.percentage === null ? '' : String(s.percentage),
    s.course_total === null ? '' : String(s.course_total),
  ]);
  return UTF8_BOM + stringify([header, ...rows], { record_delimiter: 'windows' });
}
