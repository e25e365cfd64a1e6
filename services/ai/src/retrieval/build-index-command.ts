/** The `rag:build` command, kept apart from the executable so tests can run it in-process. */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_CHUNKING } from './chunker.js';
import { readAliases, readCorpus } from './corpus-reader.js';
import { RetrievalError, RetrievalInputError } from './errors.js';
import { buildIndex } from './graph-builder.js';
import { writeFileAtomic } from './index-file.js';
import { serializeIndex } from './index-model.js';

const USAGE = `Builds the retrieval graph index from Markdown and text files.

Usage: npm run rag:build -- --input <dir> --output <file> [options]

  --input <dir>        folder of .md/.markdown/.txt course material (searched recursively)
  --output <file>      index file to write (atomically); parent folders are created
  --max-chars <n>      largest chunk, in characters (default ${DEFAULT_CHUNKING.maxChars})
  --overlap <n>        characters a chunk repeats from the previous one (default ${DEFAULT_CHUNKING.overlapChars})
  --course <id>        tag every document with this course (visible only to that course)
  --help               this text`;

/** Where the command writes; the CLI passes the process streams, tests pass buffers. */
export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
  /** Base for relative paths. */
  cwd: string;
}

class UsageFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

function fail(message: string, code = 1): never {
  throw new UsageFailure(message, code);
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    fail(`--${name} must be a whole number, got ${JSON.stringify(value)}`, 2);
  return n;
}

async function run(argv: string[], io: CommandIo): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        input: { type: 'string' },
        output: { type: 'string' },
        'max-chars': { type: 'string' },
        overlap: { type: 'string' },
        course: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`, 2);
  }
  if (values.help) {
    io.out(`${USAGE}\n`);
    return;
  }
  if (typeof values.input !== 'string' || typeof values.output !== 'string') {
    fail(`--input and --output are required\n\n${USAGE}`, 2);
  }
  const input = resolve(io.cwd, values.input);
  const output = resolve(io.cwd, values.output);
  const chunking = {
    maxChars: positiveInteger(
      'max-chars',
      values['max-chars'] as string | undefined,
      DEFAULT_CHUNKING.maxChars,
    ),
    overlapChars: positiveInteger(
      'overlap',
      values.overlap as string | undefined,
      DEFAULT_CHUNKING.overlapChars,
    ),
  };
  if (chunking.maxChars < 50 || chunking.overlapChars >= chunking.maxChars) {
    fail('--max-chars must be at least 50 and --overlap smaller than it', 2);
  }
  if (!(await stat(input).catch(() => undefined))?.isDirectory()) fail(`${input} is not a folder`);

  const started = process.hrtime.bigint();
  const documents = await readCorpus(input, values.course as string | undefined);
  if (documents.length === 0) fail(`no .md, .markdown or .txt files under ${input}`);
  const file = buildIndex(documents, { chunking, aliases: await readAliases(input) });
  const { text } = serializeIndex(file);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await writeFileAtomic(output, text);
  const inputBytes = documents.reduce((sum, d) => sum + Buffer.byteLength(d.text), 0);
  const { stats } = file;
  io.out(
    `rag:build: ${stats.documents} documents, ${stats.chunks} chunks, ${stats.concepts} concepts, ` +
      `${stats.edges} edges -> ${output} (${(Buffer.byteLength(text) / 1024).toFixed(1)} KiB, ` +
      `${file.checksum.slice(0, 19)}…) in ${(seconds * 1000).toFixed(0)} ms, ` +
      `${(inputBytes / 1e6 / seconds).toFixed(2)} MB/s\n`,
  );
}

/**
 * `rag:build`: reads a folder of course material, builds the graph index, writes it atomically.
 * Returns the exit code: 0 done, 1 failed, 2 bad usage.
 */
export async function buildIndexCommand(argv: string[], io: CommandIo): Promise<number> {
  try {
    await run(argv, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageFailure) {
      io.err(`rag:build: ${error.message}\n`);
      return error.exitCode;
    }
    // A bad file (too large, bad name) is the user's to fix: say which and why, no stack.
    if (error instanceof RetrievalInputError) {
      io.err(`rag:build: ${error.message} (${error.details})\n`);
      return 1;
    }
    if (error instanceof RetrievalError) {
      io.err(`rag:build: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
