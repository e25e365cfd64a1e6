import {
  messageSchema,
  ok,
  resourceListQuerySchema,
  resourceListSchema,
  resourceSchema,
  successEnvelopeSchema,
  uploadResourceFieldsSchema,
} from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/access.js';
import type { CourseContentContext } from '../courses/course-content-context.js';
import { sendStoredFile } from '../storage/http-download.js';
import { receiveMultipartUpload } from './multipart-upload.js';
import {
  deleteResource,
  findDownloadableResource,
  listResources,
  uploadResource,
} from './resources.service.js';

const tags = ['resources'];
const security = [{ bearerAuth: [] }];
const courseParams = z.object({ course_id: z.string().min(1).max(64) });
const resourceParams = z.object({ resource_id: z.string().min(1).max(64) });

/** The upload form as documented (the handler streams it; the fields are checked by the contracts' schema). */
const uploadFormSchema = uploadResourceFieldsSchema.extend({
  file: z.string().meta({ format: 'binary' }).describe('The file'),
});

export function resourcesRoutes(ctx: CourseContentContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/v1/courses/:course_id/resources',
      {
        config: { access: 'course:read', errors: ['COURSE_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: "List a course's resources (members), newest first; filter by category or chapter",
          params: courseParams,
          querystring: resourceListQuerySchema,
          response: { 200: successEnvelopeSchema(resourceListSchema) },
        },
      },
      async (request) =>
        ok(await listResources(ctx, principalOf(request), request.params.course_id, request.query)),
    );

    // No body schema: the multipart body is read as a stream by the handler, never parsed whole.
    routes.post(
      '/api/v1/courses/:course_id/resources',
      {
        config: {
          access: 'course:write',
          errors: [
            'STORAGE_UNAVAILABLE',
            'COURSE_NOT_FOUND',
            'RESOURCE_TOO_LARGE',
            'STORAGE_QUOTA_EXCEEDED',
            'UPLOADS_IN_PROGRESS',
          ],
          documentedBody: { 'multipart/form-data': uploadFormSchema },
        },
        schema: {
          tags,
          security,
          summary: 'Upload a resource (teacher, assistants, admin)',
          description: `multipart/form-data, fields in any order; files over ${ctx.maxUploadBytes} bytes are refused.`,
          consumes: ['multipart/form-data'],
          params: courseParams,
          response: { 201: successEnvelopeSchema(resourceSchema) },
        },
      },
      async (request, reply) => {
        const resource = await uploadResource(
          ctx,
          principalOf(request),
          request.params.course_id,
          (beforeFile, room) => receiveMultipartUpload(request, ctx, beforeFile, room),
          request.log,
          request.id,
        );
        return reply.status(201).send(ok(resource));
      },
    );

    routes.get(
      '/api/v1/resources/:resource_id/download',
      {
        config: {
          access: 'course:read',
          errors: ['STORAGE_UNAVAILABLE', 'RESOURCE_NOT_FOUND', 'RANGE_NOT_SATISFIABLE'],
        },
        schema: {
          tags,
          security,
          summary: 'Download the exact bytes of a resource (members); one HTTP Range supported',
          produces: ['application/octet-stream'],
          params: resourceParams,
        },
      },
      async (request, reply) => {
        const row = await findDownloadableResource(ctx, principalOf(request), request.params.resource_id);
        return sendStoredFile(request, reply, ctx.blobs, {
          blobKey: row.blob_key,
          fileName: row.file_name,
          contentType: row.content_type,
          size: Number(row.size),
          sha256: row.sha256,
        });
      },
    );

    routes.delete(
      '/api/v1/resources/:resource_id',
      {
        config: { access: 'course:write', errors: ['STORAGE_UNAVAILABLE', 'RESOURCE_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Delete a resource and its file (teacher, assistants, admin)',
          params: resourceParams,
          response: { 200: successEnvelopeSchema(messageSchema) },
        },
      },
      async (request) => {
        await deleteResource(ctx, principalOf(request), request.params.resource_id, request.log, request.id);
        return ok({ message: 'Resource deleted' });
      },
    );
  };
}
