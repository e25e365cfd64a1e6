import { AppError, previewOf } from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/access.js';
import type { CourseContentContext } from '../courses/course-content-context.js';
import { contentDisposition, sendStoredFile } from '../storage/http-download.js';
import { findVisibleSubmissionFile } from './submissions.service.js';
import { planSubmissionsZip, streamSubmissionsZip } from './submissions-zip.js';

const tags = ['assignments'];
const security = [{ bearerAuth: [] }];
const assignmentPath = '/api/v1/courses/:course_id/assignments/:assignment_id';
const id = z.string().min(1).max(64);
const assignmentParams = z.object({ course_id: id, assignment_id: id });
const fileParams = assignmentParams.extend({ submission_id: id, file_id: id });

/**
 * Shown inside the app's own frame, yet nothing in it may run or load: the sandbox gives the
 * document an opaque origin with scripts, forms and plugins-as-the-app all off, and `default-src
 * 'none'` keeps it from fetching anything. (Chromium's PDF viewer still draws a sandboxed PDF.)
 */
const PREVIEW_POLICY = "sandbox; default-src 'none'";

/** What a grader needs beside the form: each attachment in place, and all of them at once. */
export function gradingFilesRoutes(ctx: CourseContentContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      `${assignmentPath}/submissions.zip`,
      {
        config: {
          access: 'course:write',
          errors: ['STORAGE_UNAVAILABLE', 'COURSE_NOT_FOUND', 'ASSIGNMENT_NOT_FOUND'],
        },
        schema: {
          tags,
          security,
          summary:
            "Every student's latest attempt as one ZIP (the course's teacher, assistants or an admin): " +
            'a folder per student (`Name (username)`) with their files and submission.txt, and manifest.csv ' +
            '(student, e-mail, attempt, submitted at, late, status, score, files). Streamed as it is read.',
          params: assignmentParams,
        },
      },
      async (request, reply) => {
        const { course_id, assignment_id } = request.params;
        const plan = await planSubmissionsZip(ctx.db, principalOf(request), course_id, assignment_id);
        reply.headers({
          'content-type': 'application/zip',
          'content-disposition': contentDisposition(plan.fileName),
          'cache-control': 'private, no-store',
        });
        return reply.send(streamSubmissionsZip(ctx.blobs, plan, request.log));
      },
    );

    routes.get(
      `${assignmentPath}/submissions/:submission_id/files/:file_id/preview`,
      {
        config: {
          access: 'course:read',
          embeddable: true,
          errors: [
            'STORAGE_UNAVAILABLE',
            'COURSE_NOT_FOUND',
            'ASSIGNMENT_NOT_FOUND',
            'SUBMISSION_NOT_FOUND',
            'NOT_FOUND',
            'UNSUPPORTED_MEDIA_TYPE',
            'RANGE_NOT_SATISFIABLE',
          ],
        },
        schema: {
          tags,
          security,
          summary:
            'Show an attachment inline (staff, or the student who made it): PDF, PNG/JPEG/GIF/WebP or plain ' +
            'text (as UTF-8), sandboxed and framable by this origin only; other types (SVG, HTML, …) ' +
            'answer 415 and are download only',
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
        const preview = previewOf(file.content_type, file.file_name);
        if (!preview) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This file has no preview; download it instead', {
            details: `content_type: ${file.content_type.slice(0, 100)}`,
          });
        }
        const stored = {
          blobKey: file.blob_key,
          fileName: file.file_name,
          contentType: preview.contentType,
          size: Number(file.size),
          sha256: file.sha256,
        };
        return sendStoredFile(request, reply, ctx.blobs, stored, {
          disposition: 'inline',
          contentSecurityPolicy: PREVIEW_POLICY,
        });
      },
    );
  };
}
