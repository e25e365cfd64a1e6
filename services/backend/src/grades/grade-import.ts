import { createHash } from 'node:crypto';
import { AppError, type gradeImportPreviewSchema } from '@faraday/contracts';
import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import { accessCourseForChange } from '../courses/course-access.js';
import type { Db } from '../db/database.js';
import { type GradeWrite, notifyGradesWritten, writeGrades } from './grade-edits.service.js';
import type { Gradebook } from './gradebook.service.js';
import { loadGradebook } from './gradebook.service.js';
import { asText, rawColumnOf, scoreColumnOf } from './gradebook-csv.js';

type Preview = z.infer<typeof gradeImportPreviewSchema>;
type Problem = Preview['errors'][number]['problem'];

const MAX_ROWS = 5000;
const SCORE = /^\d+(\.\d+)?$/;

function parseRows(csv: string): string[][] {
  try {
    return parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    throw new AppError('VALIDATION_ERROR', 'The CSV could not be read', {
      details: `csv: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

/**
 * Which assignment each column holds: the header the export writes ("Title (/max)", formula
 * quoting included), else the bare title when only one assignment has it. Others are ignored.
 * Grades are read as given, before any late penalty (docs/adr/0129): where the export wrote a
 * raw column beside an assignment's final score, the raw column is the one read.
 */
function columnsOf(header: readonly string[], book: Gradebook): Map<number, number> {
  const columns = new Map<number, number>();
  const rawColumn = new Map(
    book.assignments.flatMap((a, i) => {
      const column = header.indexOf(rawColumnOf(a));
      return column >= 0 ? [[i, column] as const] : [];
    }),
  );
  for (const [index, column] of rawColumn) columns.set(column, index);
  header.forEach((name, column) => {
    if (columns.has(column)) return;
    const exported = book.assignments.findIndex((a) => scoreColumnOf(a) === name);
    const byTitle = book.assignments.flatMap((a, i) =>
      a.title === name || asText(a.title) === name ? [i] : [],
    );
    const index = exported >= 0 ? exported : byTitle.length === 1 ? byTitle[0] : undefined;
    if (index !== undefined && !rawColumn.has(index)) columns.set(column, index);
  });
  return columns;
}

/**
 * What importing the file would change, judged against the gradebook as it is now: every cell
 * whose number differs from the grade shown, every problem by row, and a fingerprint of the
 * changes (with the attempts they grade), so that applying writes exactly what was previewed.
 */
function judge(csv: string, book: Gradebook): { preview: Preview; writes: GradeWrite[] } {
  const [header, ...rows] = parseRows(csv);
  if (!header) throw new AppError('VALIDATION_ERROR', 'The CSV is empty', { details: 'csv: no header row' });
  if (rows.length > MAX_ROWS) {
    throw new AppError('VALIDATION_ERROR', `At most ${MAX_ROWS} rows`, {
      details: `csv: at most ${MAX_ROWS} rows`,
    });
  }
  const usernameColumn = header.findIndex((h) => h.toLowerCase() === 'username');
  if (usernameColumn < 0) {
    throw new AppError('VALIDATION_ERROR', 'The CSV has no username column', {
      details: 'csv: no username column',
    });
  }
  const columns = columnsOf(header, book);
  const students = new Map(book.students.map((s) => [s.username.toLowerCase(), s]));
  const seen = new Set<string>();
  const preview: Preview = {
    fingerprint: '',
    changes: [],
    unchanged_count: 0,
    errors: [],
    ignored_columns: [],
  };
  preview.ignored_columns = header.filter((_, i) => i !== usernameColumn && !columns.has(i));
  const writes: GradeWrite[] = [];
  rows.forEach((cells, i) => {
    const row = i + 2;
    const username = cells[usernameColumn] ?? '';
    const fail = (problem: Problem, column: string | null, value: string) => {
      preview.errors.push({ row, username, column, problem, value });
    };
    const student = students.get(username.replace(/^'/, '').toLowerCase());
    if (!student || seen.has(student.student_id)) {
      fail(student ? 'duplicate_student' : 'unknown_student', null, username);
      return;
    }
    seen.add(student.student_id);
    for (const [column, index] of columns) {
      const value = cells[column] ?? '';
      const assignment = book.assignments[index];
      const cell = student.grades[index];
      if (value === '' || !assignment || !cell) {
        preview.unchanged_count += 1;
        continue;
      }
      const name = header[column] ?? '';
      if (!SCORE.test(value)) {
        fail('not_a_number', name, value);
        continue;
      }
      const score = Number(value);
      const given = cell.raw_score ?? cell.score;
      if (score === given) preview.unchanged_count += 1;
      else if (score > assignment.max_score) fail('out_of_range', name, value);
      else if (assignment.graded_by_rubric) fail('graded_by_rubric', name, value);
      else {
        writes.push({ studentId: student.student_id, cell, score });
        preview.changes.push({
          row,
          username: student.username,
          student_name: student.name,
          assignment_id: assignment.id,
          assignment_title: assignment.title,
          old_score: given,
          new_score: score,
        });
      }
    }
  });
  const basis = writes.map((w) => [w.studentId, w.cell.assignment_id, w.cell.attempt, w.cell.score, w.score]);
  preview.fingerprint = createHash('sha256').update(JSON.stringify(basis)).digest('hex');
  return { preview, writes };
}

/** The changes a grade file would make, written nowhere (teacher, assistants, admins). */
export async function previewGradeImport(db: Db, principal: Principal, courseId: string, csv: string) {
  await accessCourseForChange(db, principal, courseId, 'content');
  return judge(csv, await loadGradebook(db, courseId)).preview;
}

/**
 * Writes a previewed grade file: all its changes with their audit rows in one transaction, or
 * nothing when the file has problems (GRADE_IMPORT_INVALID) or the gradebook moved since the
 * preview (GRADE_IMPORT_STALE: a grade or an attempt changed, so the changes differ).
 */
export async function applyGradeImport(
  db: Db,
  principal: Principal,
  courseId: string,
  input: { csv: string; fingerprint: string },
): Promise<{ applied_count: number }> {
  await accessCourseForChange(db, principal, courseId, 'content');
  const { preview, writes } = judge(input.csv, await loadGradebook(db, courseId));
  if (preview.errors.length > 0) {
    throw new AppError('GRADE_IMPORT_INVALID', undefined, {
      details: `csv: ${preview.errors.length} problem(s)`,
    });
  }
  if (preview.fingerprint !== input.fingerprint) throw new AppError('GRADE_IMPORT_STALE');
  await db.transaction().execute(async (trx: Db) => {
    if (!(await writeGrades(trx, writes, principal.userId, 'import')))
      throw new AppError('GRADE_IMPORT_STALE');
  });
  await notifyGradesWritten(db, courseId, writes, principal.userId);
  return { applied_count: writes.length };
}
