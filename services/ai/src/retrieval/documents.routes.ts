import { AppError, ok, successEnvelopeSchema } from '@faraday/contracts';
import type { ZodTypeProvider } from '@faraday/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toAppError } from './errors.js';
import type { RetrievalGate } from './retrieval-setup.js';

/**
 * `POST/DELETE/GET /v1/index/documents`: course material added to and removed from the live
 * index without a restart (the backend feeds a course's uploaded text resources through it).
 * Schemas live here until the lead moves them into packages/contracts.
 */
const courseId = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,64}$/, '1-64 characters of letters, digits, . _ : -')
  .describe('Visible only to requests for this course; omit for public material');

export const addDocumentBodySchema = z.object({
  source: z
    .string()
    .min(1)
    .max(200)
    .describe('A name, e.g. resources/<id>/notes.md; .md/.markdown is split at headings'),
  text: z.string().min(1).describe('The document text (UTF-8)'),
  title: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe(
      "What citations call it (the resource's title); else a Markdown file's first # heading, else its name",
    ),
  course_id: courseId.optional(),
});

export const documentSummarySchema = z.object({
  source: z.string(),
  course_id: z.string().nullable(),
  chunks: z.number().int().min(0),
});

const epochSchema = z
  .string()
  .describe(
    'Names the run-time documents since their store was last empty; a new epoch means documents fed earlier are gone',
  );
const addedSchema = documentSummarySchema.extend({ epoch: epochSchema });

const removeQuerySchema = z.object({ source: z.string().min(1).max(200), course_id: courseId.optional() });
const listQuerySchema = z.object({ course_id: courseId.optional() });
const listSchema = z.object({
  documents: z.array(
    z.object({ source: z.string(), course_id: z.string().nullable(), chars: z.number().int() }),
  ),
});

export interface DocumentRoutesOptions {
  gate: RetrievalGate;
  /** RAG_MAX_DOCUMENT_CHARS: the body limit follows it, so an oversized text gets our 400, not a 413. */
  maxDocumentChars: number;
}

function requireBackend(request: FastifyRequest): void {
  // Chatting without the token is allowed outside production; writing into (or listing) what every
  // student's answers are built from is not, in any environment.
  if (!request.trusted) {
    throw new AppError('UNAUTHORIZED', 'Changing the retrieval index needs the gateway token');
  }
}

async function run<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toAppError(error);
  }
}

export function documentRoutes(options: DocumentRoutesOptions) {
  return async (app: FastifyInstance): Promise<void> => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/v1/index/documents',
      {
        // UTF-8 takes up to 3 bytes per character and JSON escapes up to 6: room for the largest text.
        bodyLimit: options.maxDocumentChars * 6 + 64 * 1024,
        config: { errors: ['UNAUTHORIZED'] },
        schema: {
          tags: ['retrieval'],
          summary: 'Add or replace a document in the retrieval index',
          description:
            'Chunks the text, rebuilds the graph, saves the index atomically and swaps it in; the next ' +
            'query sees it. The same source (and course) replaces the earlier version. Text longer than ' +
            'RAG_MAX_DOCUMENT_CHARS is a 400.',
          body: addDocumentBodySchema,
          response: { 201: successEnvelopeSchema(addedSchema) },
        },
      },
      async (request, reply) => {
        requireBackend(request);
        const { source, text, title, course_id } = request.body;
        const summary = await run(() =>
          options.gate.engine().addDocument({ source, text, title, courseId: course_id ?? null }),
        );
        reply.code(201);
        return ok(summary);
      },
    );
    routes.delete(
      '/v1/index/documents',
      {
        config: { errors: ['UNAUTHORIZED', 'NOT_FOUND'] },
        schema: {
          tags: ['retrieval'],
          summary: 'Remove a document added at run time',
          querystring: removeQuerySchema,
          response: { 200: successEnvelopeSchema(documentSummarySchema.omit({ chunks: true })) },
        },
      },
      async (request) => {
        requireBackend(request);
        const { source, course_id } = request.query;
        await run(() => options.gate.engine().removeDocument(source, course_id ?? null));
        return ok({ source, course_id: course_id ?? null });
      },
    );
    routes.get(
      '/v1/index/epoch',
      {
        config: { errors: ['UNAUTHORIZED'] },
        schema: {
          tags: ['retrieval'],
          summary: 'The epoch of the run-time documents',
          description:
            'The backend compares it with the epoch each course document was fed under and feeds again ' +
            'the ones an emptied store lost (a Redis restarted without its data). 503 while the store is unreachable.',
          response: { 200: successEnvelopeSchema(z.object({ epoch: epochSchema })) },
        },
      },
      async (request) => {
        requireBackend(request);
        return ok({ epoch: await run(() => options.gate.engine().epoch()) });
      },
    );
    routes.get(
      '/v1/index/documents',
      {
        config: { errors: ['UNAUTHORIZED'] },
        schema: {
          tags: ['retrieval'],
          summary: 'Documents visible to a course (the public ones and its own)',
          querystring: listQuerySchema,
          response: { 200: successEnvelopeSchema(listSchema) },
        },
      },
      async (request) => {
        requireBackend(request);
        return ok({
          documents: await run(() => options.gate.engine().listDocuments(request.query.course_id)),
        });
      },
    );
  };
}
