import { extname } from 'node:path';
import type { ResourceType } from '@faraday/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { plainContentType } from '../storage/file-names.js';

/**
 * What an uploaded file is: the resource `type` shown to users and the Content-Type it is
 * served with. Decided by the server, in this order:
 *
 * 1. The first bytes, when the file-type library recognises a format in them (PDF, PNG, JPEG,
 *    MP4, DOCX, …): the content cannot lie about itself the way a name can. A zip or OLE file
 *    whose contents it cannot name only says "some container", so the extension refines it
 *    (.docx, .pptx, .xlsx, .odt, .doc, … or .zip).
 * 2. The extension, unless it names a format that always has a signature and the bytes do
 *    not carry it (a "slides.pdf" that is not a PDF is not a PDF).
 * 3. The client's Content-Type, when it is specific (not application/octet-stream).
 * 4. Text when the first bytes are valid UTF-8 without NULs; otherwise `other`.
 */
export interface FileKind {
  type: ResourceType;
  contentType: string;
}

/** How many leading bytes classify() wants: the sample size file-type detects from by default. */
export const SNIFF_BYTES = 4100;

type Container = 'zip' | 'ole';
interface ExtensionKind extends FileKind {
  /** The format always starts with a signature detect() recognises, or sits in this container. */
  signed?: true | Container;
}

const ext = (type: ResourceType, contentType: string, signed?: true | Container): ExtensionKind =>
  signed ? { type, contentType, signed } : { type, contentType };

const OOXML = 'application/vnd.openxmlformats-officedocument';
const ODF = 'application/vnd.oasis.opendocument';

const EXTENSIONS: Record<string, ExtensionKind> = {
  '.pdf': ext('pdf', 'application/pdf', true),
  '.doc': ext('document', 'application/msword', 'ole'),
  '.docx': ext('document', `${OOXML}.wordprocessingml.document`, 'zip'),
  '.odt': ext('document', `${ODF}.text`, 'zip'),
  '.rtf': ext('document', 'application/rtf'),
  '.epub': ext('document', 'application/epub+zip', 'zip'),
  '.ppt': ext('presentation', 'application/vnd.ms-powerpoint', 'ole'),
  '.pptx': ext('presentation', `${OOXML}.presentationml.presentation`, 'zip'),
  '.odp': ext('presentation', `${ODF}.presentation`, 'zip'),
  '.key': ext('presentation', 'application/vnd.apple.keynote', 'zip'),
  '.xls': ext('spreadsheet', 'application/vnd.ms-excel', 'ole'),
  '.xlsx': ext('spreadsheet', `${OOXML}.spreadsheetml.sheet`, 'zip'),
  '.ods': ext('spreadsheet', `${ODF}.spreadsheet`, 'zip'),
  '.csv': ext('spreadsheet', 'text/csv'),
  '.tsv': ext('spreadsheet', 'text/tab-separated-values'),
  '.png': ext('image', 'image/png', true),
  '.jpg': ext('image', 'image/jpeg', true),
  '.jpeg': ext('image', 'image/jpeg', true),
  '.gif': ext('image', 'image/gif', true),
  '.webp': ext('image', 'image/webp', true),
  '.svg': ext('image', 'image/svg+xml'),
  '.bmp': ext('image', 'image/bmp'),
  '.tif': ext('image', 'image/tiff'),
  '.tiff': ext('image', 'image/tiff'),
  '.mp4': ext('video', 'video/mp4', true),
  '.m4v': ext('video', 'video/mp4', true),
  '.mov': ext('video', 'video/quicktime', true),
  '.webm': ext('video', 'video/webm', true),
  '.mkv': ext('video', 'video/x-matroska', true),
  '.avi': ext('video', 'video/x-msvideo', true),
  '.mp3': ext('audio', 'audio/mpeg'),
  '.wav': ext('audio', 'audio/wav', true),
  '.ogg': ext('audio', 'audio/ogg', true),
  '.m4a': ext('audio', 'audio/mp4', true),
  '.flac': ext('audio', 'audio/flac', true),
  '.aac': ext('audio', 'audio/aac'),
  '.zip': ext('archive', 'application/zip', 'zip'),
  '.gz': ext('archive', 'application/gzip', true),
  '.tgz': ext('archive', 'application/gzip', true),
  '.tar': ext('archive', 'application/x-tar', true),
  '.bz2': ext('archive', 'application/x-bzip2', true),
  '.xz': ext('archive', 'application/x-xz', true),
  '.7z': ext('archive', 'application/x-7z-compressed', true),
  '.rar': ext('archive', 'application/vnd.rar', true),
  '.txt': ext('text', 'text/plain'),
  '.md': ext('text', 'text/markdown'),
  '.tex': ext('text', 'text/x-tex'),
  '.json': ext('text', 'application/json'),
  '.xml': ext('text', 'application/xml'),
  '.html': ext('text', 'text/html'),
  '.htm': ext('text', 'text/html'),
  '.py': ext('text', 'text/x-python'),
  '.m': ext('text', 'text/plain'),
  '.c': ext('text', 'text/x-c'),
  '.h': ext('text', 'text/x-c'),
  '.cpp': ext('text', 'text/x-c++'),
  '.java': ext('text', 'text/x-java'),
  '.js': ext('text', 'text/javascript'),
  '.ts': ext('text', 'text/plain'),
  '.ipynb': ext('text', 'application/x-ipynb+json'),
};

const SIGNED_CONTENT_TYPES = new Set(
  Object.values(EXTENSIONS)
    .filter((kind) => kind.signed)
    .map((kind) => kind.contentType),
);

type Detected = FileKind & { container?: Container };

/** file-type's names for a zip and an OLE compound file whose contents it could not name. */
const CONTAINERS: Record<string, Detected> = {
  zip: { type: 'archive', contentType: 'application/zip', container: 'zip' },
  cfb: { type: 'other', contentType: 'application/octet-stream', container: 'ole' },
};

const isMedia = (family: string | undefined): family is 'image' | 'video' | 'audio' =>
  family === 'image' || family === 'video' || family === 'audio';

/**
 * What the leading bytes say, in our terms. file-type names the format; our table decides the
 * resource type and the Content-Type we serve it with. A format we have no category for counts
 * as unrecognised, and so do text formats: file-type knows XML by its prolog, but an SVG is XML
 * too, so for text the name decides.
 */
async function detect(head: Uint8Array): Promise<Detected | undefined> {
  const found = await fileTypeFromBuffer(head);
  if (!found) return undefined;
  const container = CONTAINERS[found.ext];
  if (container) return container;
  const listed = EXTENSIONS[`.${found.ext}`];
  if (listed?.type === 'text') return undefined;
  if (listed) return { type: listed.type, contentType: listed.contentType };
  // Media we do not list (HEIC, 3GP, Opus, …) keep file-type's MIME type, without parameters.
  const family = found.mime.split('/')[0];
  const contentType = plainContentType(found.mime);
  return isMedia(family) && contentType ? { type: family, contentType } : undefined;
}

/** What a client's Content-Type says, when it says something specific. */
function kindOfContentType(contentType: string): FileKind | undefined {
  const [family] = contentType.split('/');
  if (contentType === 'application/pdf') return { type: 'pdf', contentType };
  for (const candidate of Object.values(EXTENSIONS)) {
    if (candidate.contentType === contentType) return { type: candidate.type, contentType };
  }
  if (isMedia(family)) return { type: family, contentType };
  if (family === 'text') return { type: 'text', contentType };
  return undefined;
}

/** The client's content type when it says something specific (not the octet-stream catch-all). */
export function cleanContentType(raw: string | undefined): string | undefined {
  const value = plainContentType(raw);
  return value === 'application/octet-stream' ? undefined : value;
}

function looksLikeText(head: Buffer): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  try {
    // stream: true tolerates a multi-byte character cut at the end of the sample.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export async function classify(
  fileName: string,
  clientContentType: string | undefined,
  head: Buffer,
): Promise<FileKind> {
  const byExtension = EXTENSIONS[extname(fileName).toLowerCase()];
  const detected = await detect(head);
  if (detected && !detected.container) return { type: detected.type, contentType: detected.contentType };
  if (detected?.container) {
    if (byExtension?.signed === detected.container) return byExtension;
    return { type: detected.type, contentType: detected.contentType };
  }
  if (byExtension && !byExtension.signed) return byExtension;
  const client = cleanContentType(clientContentType);
  // A client type naming a signed format the bytes do not carry is as wrong as such an extension.
  const trusted = SIGNED_CONTENT_TYPES.has(client ?? '') ? undefined : client;
  const byClient = trusted ? kindOfContentType(trusted) : undefined;
  if (byClient) return byClient;
  if (looksLikeText(head)) return { type: 'text', contentType: trusted ?? 'text/plain' };
  return { type: 'other', contentType: trusted ?? 'application/octet-stream' };
}
