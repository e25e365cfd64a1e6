import {
  editGradeCellRequestSchema,
  gradebookRowSchema,
  gradeCategoriesRequestSchema,
  gradeCategoryListSchema,
  gradeCellHistorySchema,
  gradeCellParamsSchema,
  gradeImportApplyRequestSchema,
  gradeImportPreviewSchema,
  gradeImportRequestSchema,
  gradeImportResultSchema,
  ok,
  successEnvelopeSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/access.js';
import { courseParams } from '../courses/courses.routes.js';
import type { Db } from '../db/database.js';
import {
  editGradeCell,
  gradeCellHistory,
  listGradeCategories,
  setGradeCategories,
} from './grade-edits.service.js';
import { applyGradeImport, previewGradeImport } from './grade-import.js';

const tags = ['grades'];
const security = [{ bearerAuth: [] }];
const cell = '/api/v1/courses/:course_id/grades/:assignment_id/:student_id';
const cellIds = (p: { course_id: string; assignment_id: string; student_id: string }) => ({
  courseId: p.course_id,
  assignmentId: p.assignment_id,
  studentId: p.student_id,
});

/** Editing the gradebook (docs/adr/0129): a cell, its history, categories and CSV import. */
export function gradebookEditRoutes(db: Db) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const cellErrors = ['COURSE_NOT_FOUND', 'ASSIGNMENT_NOT_FOUND', 'USER_NOT_FOUND'] as const;

    routes.put(
      cell,
      {
        config: {
          access: 'course:write',
          errors: [...cellErrors, 'ATTEMPT_SUPERSEDED', 'GRADED_BY_RUBRIC'],
        },
        schema: {
          tags,
          security,
          summary:
            "Type a grade into a cell (teacher, assistants, admins): it becomes the latest attempt's grade, or the grade of a student who handed nothing in; audited. Answers the student's row",
          params: gradeCellParamsSchema,
          body: editGradeCellRequestSchema,
          response: { 200: successEnvelopeSchema(gradebookRowSchema) },
        },
      },
      async (request) =>
        ok(await editGradeCell(db, principalOf(request), cellIds(request.params), request.body)),
    );

    routes.get(
      `${cell}/history`,
      {
        config: { access: 'course:write', errors: [...cellErrors] },
        schema: {
          tags,
          security,
          summary: 'Who typed or imported which grade into a cell, and when (staff), newest first',
          params: gradeCellParamsSchema,
          response: { 200: successEnvelopeSchema(gradeCellHistorySchema) },
        },
      },
      async (request) => ok(await gradeCellHistory(db, principalOf(request), cellIds(request.params))),
    );

    routes.get(
      '/api/v1/courses/:course_id/grade-categories',
      {
        config: { access: 'course:write', errors: ['COURSE_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: "The course's weighted assignment categories with their assignments (staff)",
          params: courseParams,
          response: { 200: successEnvelopeSchema(gradeCategoryListSchema) },
        },
      },
      async (request) => ok(await listGradeCategories(db, principalOf(request), request.params.course_id)),
    );

    routes.put(
      '/api/v1/courses/:course_id/grade-categories',
      {
        config: { access: 'course:write', errors: ['COURSE_NOT_FOUND', 'ASSIGNMENT_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary:
            'Replace the weighted categories the course total is built from (teacher or admin); an assignment in one category at most',
          params: courseParams,
          body: gradeCategoriesRequestSchema,
          response: { 200: successEnvelopeSchema(gradeCategoryListSchema) },
        },
      },
      async (request) =>
        ok(await setGradeCategories(db, principalOf(request), request.params.course_id, request.body)),
    );

    routes.post(
      '/api/v1/courses/:course_id/grades/import/preview',
      {
        config: { access: 'course:write', errors: ['COURSE_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary:
            'What a grade CSV (username + assignment columns, as exported) would change, with problems per row; writes nothing',
          params: courseParams,
          body: gradeImportRequestSchema,
          response: { 200: successEnvelopeSchema(gradeImportPreviewSchema) },
        },
      },
      async (request) =>
        ok(await previewGradeImport(db, principalOf(request), request.params.course_id, request.body.csv)),
    );

    routes.post(
      '/api/v1/courses/:course_id/grades/import',
      {
        config: {
          access: 'course:write',
          errors: ['COURSE_NOT_FOUND', 'GRADE_IMPORT_INVALID', 'GRADE_IMPORT_STALE'],
        },
        schema: {
          tags,
          security,
          summary:
            "Apply a previewed grade CSV with the preview's fingerprint: every change in one transaction, or none",
          params: courseParams,
          body: gradeImportApplyRequestSchema,
          response: { 200: successEnvelopeSchema(gradeImportResultSchema) },
        },
      },
      async (request) =>
        ok(await applyGradeImport(db, principalOf(request), request.params.course_id, request.body)),
    );
  };
}
