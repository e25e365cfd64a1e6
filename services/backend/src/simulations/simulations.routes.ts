import { Readable } from 'node:stream';
import { constants as zlib } from 'node:zlib';
import {
  messageSchema,
  ok,
  pageOffset,
  type SimulationType,
  simulationAnswerQuerySchema,
  simulationDetailSchema,
  simulationHistoryQuerySchema,
  simulationHistorySchema,
  simulationRecordFieldsSchema,
  simulationResultSchema,
  simulationTypes,
  successEnvelopeSchema,
} from '@faraday/contracts';
import { solverExamples, solverResultSchemas } from '@faraday/physics/schemas';
import { solverRequestSchema } from '@faraday/plot';
import { answerCallerGone, callerGoneSignal, sendChunks, type ZodTypeProvider } from '@faraday/server-kit';
import fastifyCompress, { type FastifyCompressRouteOptions } from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../auth/access.js';
import { perUser } from '../shared/per-user-rate-limit.js';
import { acceptsGzip } from './gzip-segments.js';
import type { SimulationContext } from './simulation-context.js';
import { dataJsonStream, runAndRecord } from './simulation-run.js';
import { dataUrlOf, toSimulationRecord } from './simulation-views.js';
import {
  deleteSimulationRecord,
  readBlobText,
  simulationHistory,
  visibleSimulation,
} from './simulations.service.js';

const tags = ['simulation'];
const security = [{ bearerAuth: [] }];
const resultParams = z.object({ simulation_id: z.string().min(1).max(64) });

/** A solver's request with the fields of the record (documentation; the sim service validates). */
function recordedSolverRequestSchema(solver: SimulationType) {
  return solverRequestSchema(solver)
    .extend(simulationRecordFieldsSchema.shape)
    .meta({ examples: [{ ...solverExamples[solver], title: `My ${solver} run` }] });
}

/**
 * Compression of the answers, when the client's Accept-Encoding asks for it
 * (docs/adr/0030-numbers-and-answer-forms.md); a solver answer with large JSON arrays is gzip
 * compressed while its figure is drawn and streamed instead (gzip-segments.ts, ADRs 0123, 0127). Brotli at quality 1 and gzip at level 1 take a 6 MB
 * answer to about 2.2 MB in a few tens of milliseconds on the thread pool; higher levels cost far
 * more time for a few percent. Output in 1 MiB pieces: with zlib's 16 KiB default a 6 MB answer
 * makes ~150 round trips between the thread pool and the event loop, which cost more than the
 * compression on a busy machine.
 */
const COMPRESSION_CHUNK = 1024 * 1024;
const largeAnswerCompression: FastifyCompressRouteOptions['compress'] = {
  encodings: ['br', 'gzip', 'deflate'],
  brotliOptions: { chunkSize: COMPRESSION_CHUNK, params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1, chunkSize: COMPRESSION_CHUNK },
};

const runAnswerSchema = simulationResultSchema
  .extend({ simulation_id: z.string() })
  .partial({ png_base64: true, metadata: true })
  .describe(
    "The solver's output with simulation_id. png_base64 and metadata are always there unless " +
      '`fields` leaves out `figure` or `scalars`. With `arrays=float64|float32` every numeric array is an object ' +
      '{dtype: "float64"|"float32", shape: [n] or [rows, columns], data: base64 of the little-endian values, row after row}.',
  );

/** A solver's answer as documented: its result fields, each of which `fields` may leave out. */
function solverAnswerSchema(solver: SimulationType) {
  return runAnswerSchema
    .extend(solverResultSchemas[solver].shape)
    .partial()
    .required({ simulation_id: true })
    .describe(runAnswerSchema.description ?? '');
}

/** data.json of a run: its solver, parameters and the whole output (JSON numbers). */
const dataJsonSchema = z.object({
  type: z.enum(simulationTypes),
  parameters: z.record(z.string(), z.unknown()).describe('The request as the solver read it'),
  output: z
    .union(simulationTypes.map((solver) => solverResultSchemas[solver]))
    .describe("The solver's result fields for `type`, every array as JSON numbers"),
});

export function simulationsRoutes(ctx: SimulationContext) {
  return async (app: FastifyInstance): Promise<void> => {
    // Only the routes below that say so compress (the plugin's hook is per route here).
    await app.register(fastifyCompress, { global: false });
    const routes = app.withTypeProvider<ZodTypeProvider>();

    // One route for the eight solvers, so the per-user limit counts them together; the reference
    // shows one operation per solver with its own body.
    routes.post(
      '/api/v1/sim/:solver',
      {
        compress: largeAnswerCompression,
        config: {
          access: 'sim:use',
          rateLimit: perUser(ctx.settings.solverRatePerMinute, '1 minute'),
          errors: [
            'STORAGE_UNAVAILABLE',
            'COURSE_NOT_FOUND',
            'INVALID_PARAMETERS',
            'MEMORY_LIMIT_EXCEEDED',
            'CONVERGENCE_ERROR',
            'COMPUTATION_FAILED',
            'SIMULATION_BUSY',
            'TIMEOUT',
            'UPSTREAM_UNAVAILABLE',
            'UPSTREAM_TIMEOUT',
            'UPSTREAM_BAD_RESPONSE',
          ],
          documentedVariants: simulationTypes.map((solver) => ({
            params: { solver },
            summary: `Run ${solver} and record the run`,
            body: recordedSolverRequestSchema(solver),
            response: successEnvelopeSchema(solverAnswerSchema(solver)),
          })),
        },
        schema: {
          tags,
          security,
          summary: 'Run a solver and record the run',
          description:
            "The solver's fields (checked by the simulation service, which names each bad value and its " +
            'allowed range), plus course_id to record the run under a course you belong to and title for the history. ' +
            'By default the answer is the whole output with numbers as JSON; the numbers of arrays carry 15 significant ' +
            'digits (what a double holds faithfully) in every form and in data.json. `fields` leaves parts out (`figure,scalars`: ' +
            'the figure and every value that is not an array), `arrays` writes the numeric arrays compactly (base64 ' +
            'float64 or float32, see CompactArray). The run is recorded whole either way, and its data.json has every ' +
            'number as JSON. Answers are compressed (br, gzip or deflate) when Accept-Encoding asks for it; a large ' +
            'answer with JSON arrays comes as gzip whenever gzip is accepted, streamed (chunked): the parts of its arrays compressed while the figure was drawn go compressed, the rest stored.',
          params: z.object({ solver: z.enum(simulationTypes) }),
          querystring: simulationAnswerQuerySchema,
          body: simulationRecordFieldsSchema.loose(),
          response: { 200: successEnvelopeSchema(runAnswerSchema) },
        },
      },
      async (request, reply) => {
        // A caller who leaves stops the computation in the sim service (its thread is freed).
        const signal = callerGoneSignal(reply);
        try {
          const answer = await runAndRecord(ctx, principalOf(request), {
            type: request.params.solver,
            body: request.body as Record<string, unknown>,
            query: request.query,
            requestId: request.id,
            signal,
            gzip:
              acceptsGzip(request.headers['accept-encoding']) &&
              request.headers['x-no-compression'] === undefined,
          });
          // Already the JSON envelope, written from the sim service's parts: sent as it is. Its
          // buffers serve later answers once the response is done with them (sent, or the
          // connection gone).
          reply.raw.once('close', () => {
            // A caller gone mid-stream leaves pieces nobody will send: not compressed, not kept.
            answer.segments?.discard();
            answer.buffers.release();
          });
          if (answer.segments) {
            // A large answer whose arrays were compressed while the figure was drawn: gzip,
            // even when br is also accepted (joining segments is gzip's; br would start over),
            // streamed as the socket takes it (its length is known only once it is sent).
            reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding');
            return (reply as FastifyReply)
              .type('application/json; charset=utf-8')
              .send(Readable.from(answer.segments.stream(answer.body), { objectMode: false }));
          }
          return sendChunks(reply as FastifyReply, 'application/json; charset=utf-8', answer.body);
        } catch (error) {
          if (!signal.aborted) throw error;
          request.log.info({ solver: request.params.solver }, 'caller left; computation stopped');
          return answerCallerGone(reply, 'The caller went away before the computation finished');
        }
      },
    );

    routes.get(
      '/api/v1/sim/history',
      {
        config: {
          access: 'sim:use',
          rateLimit: perUser(ctx.settings.historyRatePerMinute, '1 minute'),
          errors: ['COURSE_NOT_FOUND'],
        },
        schema: {
          tags,
          security,
          summary: "Your runs (a course's teacher and assistants also see its students' runs with course_id)",
          querystring: simulationHistoryQuerySchema,
          response: { 200: successEnvelopeSchema(simulationHistorySchema) },
        },
      },
      async (request) => {
        const { page, limit, type, course_id } = request.query;
        const { entries, total } = await simulationHistory(ctx.db, principalOf(request), {
          type,
          course_id,
          offset: pageOffset({ page, limit }),
          limit,
        });
        return ok({ simulations: entries, total, page, limit });
      },
    );

    routes.get(
      '/api/v1/sim/results/:simulation_id',
      {
        config: { access: 'sim:use', errors: ['STORAGE_UNAVAILABLE', 'SIMULATION_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'One run with its figure and metadata',
          params: resultParams,
          response: { 200: successEnvelopeSchema(simulationDetailSchema) },
        },
      },
      async (request) => {
        const row = await visibleSimulation(ctx.db, principalOf(request), request.params.simulation_id);
        const png = await readBlobText(ctx, row.png_blob_key);
        return ok({
          ...toSimulationRecord(row),
          results: { png_base64: png.toString('base64'), data_url: dataUrlOf(row.id) },
          metadata: JSON.parse(row.metadata) as { computation_time: number },
        });
      },
    );

    routes.get(
      '/api/v1/sim/results/:simulation_id/data.json',
      {
        compress: largeAnswerCompression,
        config: {
          access: 'sim:use',
          errors: ['STORAGE_UNAVAILABLE', 'SIMULATION_NOT_FOUND'],
          documentedResponse: dataJsonSchema,
        },
        schema: {
          tags,
          security,
          summary: 'The full numeric output and parameters of a run, as a JSON file',
          params: resultParams,
        },
      },
      async (request, reply) => {
        const row = await visibleSimulation(ctx.db, principalOf(request), request.params.simulation_id);
        const data = dataJsonStream(await readBlobText(ctx, row.data_blob_key));
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${row.type}-${row.id}.json"`)
          .send(data);
      },
    );

    routes.delete(
      '/api/v1/sim/results/:simulation_id',
      {
        config: { access: 'sim:use', errors: ['STORAGE_UNAVAILABLE', 'SIMULATION_NOT_FOUND'] },
        schema: {
          tags,
          security,
          summary: 'Delete a run and its stored files (owner or admin)',
          params: resultParams,
          response: { 200: successEnvelopeSchema(messageSchema) },
        },
      },
      async (request) => {
        await deleteSimulationRecord(ctx, principalOf(request), request.params.simulation_id);
        return ok({ message: 'Simulation deleted' });
      },
    );
  };
}
