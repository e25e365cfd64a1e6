import {
  AppError,
  type LatePenalty,
  type LatePenaltyUnit,
  latePenaltyPercent,
  latePenaltyUnits,
  scoreAfterPenalty,
} from '@faraday/contracts';

/** The late-policy columns of an assignment, as any query that needs them selects them. */
export interface LatePolicyColumns {
  due_date: string;
  allow_late: number | string;
  late_penalty_percent: number | string | null;
  late_penalty_per: string | null;
  late_penalty_max: number | string | null;
  late_cutoff: string | null;
}

export function latePenaltyOf(row: LatePolicyColumns): LatePenalty | null {
  const per = latePenaltyUnits.find((unit) => unit === row.late_penalty_per);
  if (row.late_penalty_percent === null || row.late_penalty_max === null || per === undefined) return null;
  return { percent: Number(row.late_penalty_percent), per, max_percent: Number(row.late_penalty_max) };
}

export function latePenaltyColumns(penalty: LatePenalty | null): {
  late_penalty_percent: number | null;
  late_penalty_per: LatePenaltyUnit | null;
  late_penalty_max: number | null;
} {
  return {
    late_penalty_percent: penalty?.percent ?? null,
    late_penalty_per: penalty?.per ?? null,
    late_penalty_max: penalty?.max_percent ?? null,
  };
}

/** The student's due date: their extension when it is later than the assignment's, else that. */
export function effectiveDueDate(assignmentDue: string, extension: string | null | undefined): string {
  return extension && extension > assignmentDue ? extension : assignmentDue;
}

/** The student's cut-off: the assignment's, moved as far as their extension moved the due date. */
export function effectiveCutoff(row: LatePolicyColumns, extension: string | null | undefined): string | null {
  if (row.late_cutoff === null) return null;
  const shift = Date.parse(effectiveDueDate(row.due_date, extension)) - Date.parse(row.due_date);
  return new Date(Date.parse(row.late_cutoff) + shift).toISOString();
}

export function lateBySeconds(submittedAt: string, dueDate: string): number {
  return Math.max(0, Math.floor((Date.parse(submittedAt) - Date.parse(dueDate)) / 1000));
}

/** What the penalty does to a grade given to work handed in at `submittedAt`. */
export function penaltyFor(
  row: LatePolicyColumns,
  extension: string | null | undefined,
  submittedAt: string | null,
  raw: number | null,
): { late_by_seconds: number; percent: number; deducted: number; final: number | null } {
  const late =
    submittedAt === null ? 0 : lateBySeconds(submittedAt, effectiveDueDate(row.due_date, extension));
  const percent = latePenaltyPercent(latePenaltyOf(row), late);
  if (raw === null) return { late_by_seconds: late, percent, deducted: 0, final: null };
  const { deducted, final } = scoreAfterPenalty(raw, percent);
  return { late_by_seconds: late, percent, deducted, final };
}

/** A cut-off before the due date would leave no late window; refused rather than guessed at. */
export function assertCutoffAfterDue(dueDate: string, cutoff: string | null): void {
  if (cutoff !== null && cutoff < dueDate) {
    throw new AppError('VALIDATION_ERROR', 'The final cut-off may not be before the due date', {
      details: `late_cutoff: at or after due_date (${dueDate})`,
    });
  }
}
