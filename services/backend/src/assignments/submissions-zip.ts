import { type PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import type { Principal } from '../auth/principal.js';
import { accessCourse, assertMayChange } from '../courses/course-access.js';
import type { Db } from '../db/database.js';
import { asText } from '../grades/gradebook-csv.js';
import { BlobNotFoundError, type BlobStore } from '../storage/blob-store.js';
import { displayFileName, portableSegment, uniqueName } from '../storage/file-names.js';
import { toSubmissionView } from './assignment-views.js';
import { visibleAssignment } from './assignments.service.js';
import {
  filesOfSubmissions,
  type SubmissionFileRow,
  submissionsForExport,
} from './submissions.repository.js';

/** Ids per `IN (…)` list: far below every engine's limit on bound parameters. */
const ID_BATCH = 500;
/** Formats that are compressed already: deflating them again costs CPU and saves nothing. */
const STORED_AS_IS = /^(image\/(png|jpeg|gif|webp)|application\/(pdf|zip|gzip)|video\/|audio\/)/;
const MANIFEST = 'manifest.csv';
const UTF8_BOM = '\uFEFF';

interface ZipFileEntry {
  path: string;
  blobKey: string;
  size: number;
  compress: boolean;
}

interface ManifestRow {
  cells: string[];
  /** The archive paths of this student's files, to mark the ones whose blob is gone. */
  paths: string[];
}

/** What one download holds: its name, the files to stream (in order) and the manifest rows. */
export interface SubmissionsZip {
  fileName: string;
  texts: { path: string; content: string }[];
  files: ZipFileEntry[];
  manifest: ManifestRow[];
}

async function latestFiles(db: Db, submissionIds: string[]): Promise<SubmissionFileRow[]> {
  const files: SubmissionFileRow[] = [];
  for (let i = 0; i < submissionIds.length; i += ID_BATCH) {
    files.push(...(await filesOfSubmissions(db, submissionIds.slice(i, i + ID_BATCH))));
  }
  return files;
}

/**
 * Everything the ZIP of an assignment's submissions will hold, read before a byte is sent (so a
 * refusal is an ordinary error answer): the course's teacher, its assistants and admins only.
 * Each student's latest attempt goes in a folder `Name (username)`; its text as submission.txt.
 */
export async function planSubmissionsZip(
  db: Db,
  principal: Principal,
  courseId: string,
  assignmentId: string,
): Promise<SubmissionsZip> {
  const access = await accessCourse(db, principal, courseId);
  assertMayChange(access, 'content');
  const assignment = await visibleAssignment(db, access, assignmentId);
  const rows = await submissionsForExport(db, assignmentId);
  const fileRows = await latestFiles(
    db,
    rows.map((row) => row.id),
  );
  const folders = new Set<string>([MANIFEST]);
  const plan: SubmissionsZip = {
    fileName: displayFileName(`${access.course.name} - ${assignment.title}.zip`),
    texts: [],
    files: [],
    manifest: [],
  };
  for (const row of rows) {
    const view = toSubmissionView(courseId, row, fileRows);
    const folder = uniqueName(portableSegment(`${row.student_name} (${row.student_username})`), folders);
    const names = new Set<string>();
    const paths: string[] = [];
    if (view.content.trim() !== '') {
      const path = `${folder}/${uniqueName('submission.txt', names)}`;
      plan.texts.push({ path, content: view.content });
    }
    for (const file of fileRows.filter((f) => f.submission_id === row.id)) {
      const path = `${folder}/${uniqueName(portableSegment(file.file_name), names)}`;
      const size = Number(file.size);
      plan.files.push({
        path,
        blobKey: file.blob_key,
        size,
        compress: !STORED_AS_IS.test(file.content_type),
      });
      paths.push(path);
    }
    const cells = [row.student_name, row.student_username, row.student_email, folder].map(asText);
    cells.push(
      String(view.attempt),
      view.submitted_at,
      view.is_late ? 'yes' : 'no',
      view.status,
      view.graded && view.score !== null ? String(view.score) : '',
      String(assignment.max_score),
      asText(paths.map((path) => path.slice(folder.length + 1)).join('; ')),
    );
    plan.manifest.push({ cells, paths });
  }
  return plan;
}

const MANIFEST_HEADER = [
  'student',
  'username',
  'email',
  'folder',
  'attempt',
  'submitted_at',
  'late',
  'status',
  'score',
  'max_score',
  'files',
  'missing_files',
];

function manifestCsv(rows: readonly ManifestRow[], missing: ReadonlySet<string>): Buffer {
  const records = rows.map((row) => [
    ...row.cells,
    asText(
      row.paths
        .filter((path) => missing.has(path))
        .map((path) => path.slice(path.indexOf('/') + 1))
        .join('; '),
    ),
  ]);
  return Buffer.from(UTF8_BOM + stringify([MANIFEST_HEADER, ...records], { record_delimiter: 'windows' }));
}

/**
 * The ZIP as a stream: yazl asks for one blob at a time when it reaches it and pipes it through
 * with backpressure, so memory stays the same whatever the files weigh. A blob gone from the
 * store becomes an empty entry listed under missing_files in the manifest, which comes last for
 * that reason; a store that fails mid-way ends the download with an error (the client sees a
 * broken transfer, never a silently short archive). A caller gone mid-way releases the open blob.
 */
export function streamSubmissionsZip(
  blobs: BlobStore,
  plan: SubmissionsZip,
  log: FastifyBaseLogger,
): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as PassThrough;
  const missing = new Set<string>();
  let current: Readable | undefined;
  const fail = (error: unknown) => {
    log.error({ err: error }, 'the submissions ZIP stopped part-way');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', fail);
  output.on('close', () => current?.destroy());
  const mtime = new Date();
  for (const text of plan.texts) zip.addBuffer(Buffer.from(text.content), text.path, { mtime });
  for (const file of plan.files) {
    zip.addReadStreamLazy(file.path, { mtime, compress: file.compress }, (callback) => {
      blobs.open(file.blobKey).then(
        (stream) => {
          // The caller left while the store was answering: nothing will read this blob.
          if (output.destroyed) return void stream.destroy();
          current = stream.on('error', fail);
          callback(null, stream);
        },
        (error: unknown) => {
          if (!(error instanceof BlobNotFoundError)) return callback(error, Readable.from([]));
          log.warn({ blob_key: file.blobKey }, 'stored file is missing from the blob store');
          missing.add(file.path);
          callback(null, Readable.from([]));
        },
      );
    });
  }
  zip.addReadStreamLazy(MANIFEST, { mtime }, (callback) =>
    callback(null, Readable.from([manifestCsv(plan.manifest, missing)])),
  );
  zip.end();
  return output;
}
