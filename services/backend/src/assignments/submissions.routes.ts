import {
  AppError,
  gradeSubmissionRequestSchema,
  MAX_SUBMISSION_FILES,
  ok,
  submissionAttemptListSchema,
  submissionListQuerySchema,
  submissionListSchema,
  submissionSchema,
  submitJsonRequestSchema,
  successEnvelopeSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/access.js';
import type { CourseContentContext } from '../courses/course-content-context.js';
import { sendStoredFile } from '../storage/http-download.js';
import { storageRoom } from '../storage/upload-limits.js';
import { readMultipartSubmission } from './submission-upload.js';
import {
  findVisibleSubmissionFile,
  getSubmission,
  gradeSubmission,
  listAttempts,
  listSubmissions,
  prepareSubmission,
  recordSubmission,
} from './submissions.service.js';

const tags = ['assignments'];
const security = [{ bearerAuth: [] }];
const base = '/api/v1/courses/:course_id/assignments/:assignment_id/submissions';
const id = z.string().min(1).max(64);
const assignmentParams = z.object({ course_id: id, assignment_id: id });
const submissionParams = assignmentParams.extend({ submission_id: id });
const fileParams = submissionParams.extend({ file_id: id });
const submissionEnvelope = successEnvelopeSchema(submissionSchema);

/** Only the two bodies a submission can come in; anything else is refused before it is read. */
async function requireJsonOrMultipart(request: FastifyRequest): Promise<void> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === '' || type === 'application/json' || type === 'multipart/form-data') return;
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send application/json or multipart/form-data', {
    details: `content-type: ${type.slice(0, 100)}`,
  });
}

/** Submissions to an assignment: hand in (students), list, read, grade (staff) and download files. */
/** A submission with files, as documented (the handler streams the parts). */
const submissionFormSchema = submitJsonRequestSchema.extend({
  files: z
    .array(z.string().meta({ format: 'binary' }))
    .max(MAX_SUBMISSION_FILES)
    .optional()
    .describe(`Up to ${MAX_SUBMISSION_FILES} files, each a part named files`),
});

export function submissionsRoutes(ctx: CourseContentContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      base,
      {
        config: {
          access: 'course:read',
          errors: [
            'STORAGE_UNAVAILABLE',
            'COURSE_NOT_FOUND',
            'ASSIGNMENT_NOT_FOUND',
            'ASSIGNMENT_OVERDUE',
            'LATE_CUTOFF_PASSED',
            'RESUBMISSION_NOT_ALLOWED',
            'RESOURCE_TOO_LARGE',
            'STORAGE_QUOTA_EXCEEDED',
            'ATTEMPT_LIMIT_REACHED',
            'UPLOADS_IN_PROGRESS',
          ],
          documentedBody: {
            'application/json': submitJsonRequestSchema,
            'multipart/form-data': submissionFormSchema,
          },
        },
        preValidation: requireJsonOrMultipart,
        schema: {
          tags,
          security,
          summary:
            'Hand in work (students of the course): JSON {content}, or multipart with a `content` field ' +
            `and up to ${MAX_SUBMISSION_FILES} \`files\` parts. A resubmission adds a new attempt; earlier ones are kept.`,
          consumes: ['application/json', 'multipart/form-data'],
          params: assignmentParams,
          body: submitJsonRequestSchema
            .nullish()
            .describe(
              `JSON {content}; as multipart: a content field and 0..${MAX_SUBMISSION_FILES} files parts`,
            ),
          response: { 200: submissionEnvelope, 201: submissionEnvelope },
        },
      },
      async (request, reply) => {
        const { course_id, assignment_id } = request.params;
        // Who, where and whether it is still open are settled before a byte of the body is read.
        const target = await prepareSubmission(ctx, principalOf(request), course_id, assignment_id);
        if (!request.isMultipart()) {
          const upload = { content: request.body?.content ?? '', files: [] };
          const { submission, created } = await recordSubmission(ctx, request.log, target, upload);
          return reply.status(created ? 201 : 200).send(ok(submission));
        }
        const release = ctx.uploadSlots.acquire(target.studentId);
        try {
          const room = await storageRoom(ctx.db, ctx.limits, target.studentId, course_id);
          const upload = await readMultipartSubmission(request, ctx.blobs, ctx.maxUploadBytes, room);
          const { submission, created } = await recordSubmission(ctx, request.log, target, upload);
          return reply.status(created ? 201 : 200).send(ok(submission));
        } finally {
          release();
        }
      },
    );

    routes.get(
      base,
      {
        config: { access: 'course:read', errors: ['COURSE_NOT_FOUND', 'ASSIGNMENT_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: "Each student's latest submission (staff); a student gets only their own",
          params: assignmentParams,
          querystring: submissionListQuerySchema,
          response: { 200: successEnvelopeSchema(submissionListSchema) },
        },
      },
      async (request) => {
        const { course_id, assignment_id } = request.params;
        return ok(
          await listSubmissions(ctx.db, principalOf(request), course_id, assignment_id, request.query),
        );
      },
    );

    routes.get(
      `${base}/:submission_id`,
      {
        config: {
          access: 'course:read',
          errors: ['STORAGE_UNAVAILABLE', 'COURSE_NOT_FOUND', 'ASSIGNMENT_NOT_FOUND', 'SUBMISSION_NOT_FOUND'],
        },
        schema: {
          tags,
          security,
          summary: 'A submission (staff, or the student who made it)',
          params: submissionParams,
          response: { 200: submissionEnvelope },
        },
      },
      async (request) => {
        const { course_id, assignment_id, submission_id } = request.params;
        return ok(await getSubmission(ctx.db, principalOf(request), course_id, assignment_id, submission_id));
      },
    );

    routes.get(
      `${base}/:submission_id/attempts`,
      {
        config: {
          access: 'course:read',
          errors: ['STORAGE_UNAVAILABLE', 'COURSE_NOT_FOUND', 'ASSIGNMENT_NOT_FOUND', 'SUBMISSION_NOT_FOUND'],
        },
        schema: {
          tags,
          security,
          summary: 'Every attempt of a submission with its text, files and grade (staff, or its student)',
          params: submissionParams,
          response: { 200: successEnvelopeSchema(submissionAttemptListSchema) },
        },
      },
      async (request) => {
        const { course_id, assignment_id, submission_id } = request.params;
        return ok(await listAttempts(ctx.db, principalOf(request), course_id, assignment_id, submission_id));
      },
    );

    routes.put(
      `${base}/:submission_id/grade`,
      {
        config: {
          access: 'course:write',
          errors: [
            'STORAGE_UNAVAILABLE',
            'COURSE_NOT_FOUND',
            'ASSIGNMENT_NOT_FOUND',
            'SUBMISSION_NOT_FOUND',
            'ATTEMPT_SUPERSEDED',
          ],
        },
        schema: {
          tags,
          security,
          summary:
            "Grade the latest attempt (the course's teacher, assistants or an admin): score 0..max_score; " +
            'name the `attempt` you read to be refused (409 ATTEMPT_SUPERSEDED) if a newer one arrived',
          params: submissionParams,
          body: gradeSubmissionRequestSchema,
          response: { 200: submissionEnvelope },
        },
      },
      async (request) => {
        const { course_id, assignment_id, submission_id } = request.params;
        return ok(
          await gradeSubmission(
            ctx.db,
            principalOf(request),
            course_id,
            assignment_id,
            submission_id,
            request.body,
          ),
        );
      },
    );

    routes.get(
      `${base}/:submission_id/files/:file_id`,
      {
        config: {
          access: 'course:read',
          errors: [
            'STORAGE_UNAVAILABLE',
            'COURSE_NOT_FOUND',
            'ASSIGNMENT_NOT_FOUND',
            'SUBMISSION_NOT_FOUND',
            'NOT_FOUND',
            'RANGE_NOT_SATISFIABLE',
          ],
        },
        schema: {
          tags,
          security,
          summary: 'Download an attachment of a submission (staff, or the student who made it)',
          params: fileParams,
        },
      },
      async (request, reply) => {
        const { course_id, assignment_id, submission_id, file_id } = request.params;
        const file = await findVisibleSubmissionFile(ctx, principalOf(request), {
          courseId: course_id,
          assignmentId: assignment_id,
          submissionId: submission_id,
          fileId: file_id,
        });
        return sendStoredFile(request, reply, ctx.blobs, {
          blobKey: file.blob_key,
          fileName: file.file_name,
          contentType: file.content_type,
          size: Number(file.size),
          sha256: file.sha256,
        });
      },
    );
  };
}
