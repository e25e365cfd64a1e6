import {
  assignmentRubricSchema,
  attachRubricRequestSchema,
  lineText,
  messageSchema,
  ok,
  rubricListSchema,
  rubricRequestSchema,
  rubricSchema,
  successEnvelopeSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/access.js';
import type { Db } from '../db/database.js';
import {
  attachRubric,
  copyRubric,
  createRubric,
  deleteRubric,
  getAssignmentRubric,
  getRubric,
  listRubrics,
  updateRubric,
} from './rubrics.service.js';

const tags = ['rubrics'];
const security = [{ bearerAuth: [] }];
const id = z.string().min(1).max(64);
const courseParams = z.object({ course_id: id });
const rubricParams = courseParams.extend({ rubric_id: id });
const assignmentParams = courseParams.extend({ assignment_id: id });
const rubricEnvelope = successEnvelopeSchema(rubricSchema);
const base = '/api/v1/courses/:course_id/rubrics';
const copyRequestSchema = z.object({ title: lineText().trim().min(1).max(200).optional() }).nullish();
/** A rubric at its limits in Chinese fits; more than that is refused before it is parsed. */
const BODY_LIMIT = 1024 * 1024;

/** Rubrics of a course (teacher, assistants, admin) and the one attached to each assignment. */
export function rubricsRoutes(db: Db) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      base,
      {
        config: { access: 'course:write', errors: ['COURSE_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary:
            "The course's rubrics, by title, with where they are attached and whether a grade used them",
          params: courseParams,
          response: { 200: successEnvelopeSchema(rubricListSchema) },
        },
      },
      async (request) => ok(await listRubrics(db, principalOf(request), request.params.course_id)),
    );

    routes.post(
      base,
      {
        bodyLimit: BODY_LIMIT,
        config: { access: 'course:write', errors: ['COURSE_NOT_FOUND', 'PAYLOAD_TOO_LARGE'] },
        schema: {
          tags,
          security,
          summary: 'Build a rubric: criteria, each with levels worth points (ids are given by the server)',
          params: courseParams,
          body: rubricRequestSchema,
          response: { 201: rubricEnvelope },
        },
      },
      async (request, reply) => {
        const view = await createRubric(db, principalOf(request), request.params.course_id, request.body);
        return reply.status(201).send(ok(view));
      },
    );

    routes.get(
      `${base}/:rubric_id`,
      {
        config: { access: 'course:write', errors: ['COURSE_NOT_FOUND', 'RUBRIC_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'A rubric of the course',
          params: rubricParams,
          response: { 200: rubricEnvelope },
        },
      },
      async (request) =>
        ok(await getRubric(db, principalOf(request), request.params.course_id, request.params.rubric_id)),
    );

    routes.put(
      `${base}/:rubric_id`,
      {
        bodyLimit: BODY_LIMIT,
        config: {
          access: 'course:write',
          errors: ['COURSE_NOT_FOUND', 'RUBRIC_NOT_FOUND', 'RUBRIC_IN_USE', 'PAYLOAD_TOO_LARGE'],
        },
        schema: {
          tags,
          security,
          summary:
            'Replace a rubric no grade has used yet (409 RUBRIC_IN_USE after: copy it instead, so past grades keep their meaning)',
          params: rubricParams,
          body: rubricRequestSchema,
          response: { 200: rubricEnvelope },
        },
      },
      async (request) => {
        const { course_id, rubric_id } = request.params;
        return ok(await updateRubric(db, principalOf(request), course_id, rubric_id, request.body));
      },
    );

    routes.delete(
      `${base}/:rubric_id`,
      {
        config: { access: 'course:write', errors: ['COURSE_NOT_FOUND', 'RUBRIC_NOT_FOUND', 'RUBRIC_IN_USE'] },
        schema: {
          tags,
          security,
          summary: 'Delete a rubric no grade has used; it is detached from its assignments',
          params: rubricParams,
          response: { 200: successEnvelopeSchema(messageSchema) },
        },
      },
      async (request) => {
        await deleteRubric(db, principalOf(request), request.params.course_id, request.params.rubric_id);
        return ok({ message: 'Rubric deleted' });
      },
    );

    routes.post(
      `${base}/:rubric_id/copy`,
      {
        config: { access: 'course:write', errors: ['COURSE_NOT_FOUND', 'RUBRIC_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Copy a rubric into a new, unused one (how a used rubric is changed)',
          params: rubricParams,
          body: copyRequestSchema,
          response: { 201: rubricEnvelope },
        },
      },
      async (request, reply) => {
        const { course_id, rubric_id } = request.params;
        const view = await copyRubric(db, principalOf(request), course_id, rubric_id, request.body?.title);
        return reply.status(201).send(ok(view));
      },
    );

    routes.get(
      '/api/v1/courses/:course_id/assignments/:assignment_id/rubric',
      {
        config: { access: 'course:read', errors: ['COURSE_NOT_FOUND', 'ASSIGNMENT_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: "The assignment's rubric (every member who sees the assignment), or null",
          params: assignmentParams,
          response: { 200: successEnvelopeSchema(assignmentRubricSchema) },
        },
      },
      async (request) => {
        const { course_id, assignment_id } = request.params;
        return ok(await getAssignmentRubric(db, principalOf(request), course_id, assignment_id));
      },
    );

    routes.put(
      '/api/v1/courses/:course_id/assignments/:assignment_id/rubric',
      {
        config: { access: 'course:write', errors: ['COURSE_NOT_FOUND', 'ASSIGNMENT_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary:
            "Attach a rubric of the course to the assignment (null detaches); its best total must fit the assignment's max_score",
          params: assignmentParams,
          body: attachRubricRequestSchema,
          response: { 200: successEnvelopeSchema(assignmentRubricSchema) },
        },
      },
      async (request) => {
        const { course_id, assignment_id } = request.params;
        return ok(
          await attachRubric(db, principalOf(request), course_id, assignment_id, request.body.rubric_id),
        );
      },
    );
  };
}
