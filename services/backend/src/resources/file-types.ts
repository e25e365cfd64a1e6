import { extname } from 'node:path';
import type { ResourceType } from '@faraday/contracts';
import { plainContentType } from '../storage/file-names.js';

/**
 * What an uploaded file is: the resource `type` shown to users and the Content-Type it is
 * served with. Decided by the server, in this order:
 *
 * 1. The first bytes, when they carry a format's signature (PDF, PNG, JPEG, MP4, …): the
 *    content cannot lie about itself the way a name can. Zip and OLE containers only say
 *    "some container", so the extension refines them (.docx, .pptx, .xlsx, .odt, … or .zip).
 * 2. The extension, unless it names a format that always has a signature and the bytes do
 *    not carry it (a "slides.pdf" that is not a PDF is not a PDF).
 * 3. The client's Content-Type, when it is specific (not application/octet-stream).
 * 4. Text when the first bytes are valid UTF-8 without NULs; otherwise `other`.
 */
export interface FileKind {
  type: ResourceType;
  contentType: string;
}

/** How many leading bytes classify() wants (tar's signature sits at offset 257). */
export const SNIFF_BYTES = 512;

type Container = 'zip' | 'ole';
interface ExtensionKind extends FileKind {
  /** The format always starts with a signature sniff() recognises, or sits in this container. */
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

type Sniffed = FileKind & { container?: Container };

const startsWith = (head: Buffer, bytes: number[] | string, at = 0): boolean => {
  const signature = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= at + signature.length && head.subarray(at, at + signature.length).equals(signature);
};

/** Formats recognised by their leading bytes (their "magic numbers"). */
export function sniff(head: Buffer): Sniffed | undefined {
  const is = (type: ResourceType, contentType: string): Sniffed => ({ type, contentType });
  if (startsWith(head, '%PDF-')) return is('pdf', 'application/pdf');
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return is('image', 'image/png');
  if (startsWith(head, [0xff, 0xd8, 0xff])) return is('image', 'image/jpeg');
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return is('image', 'image/gif');
  if (startsWith(head, 'RIFF')) {
    if (startsWith(head, 'WEBP', 8)) return is('image', 'image/webp');
    if (startsWith(head, 'WAVE', 8)) return is('audio', 'audio/wav');
    if (startsWith(head, 'AVI ', 8)) return is('video', 'video/x-msvideo');
  }
  if (startsWith(head, 'ftyp', 4)) {
    const brand = head.subarray(8, 12).toString('latin1');
    if (brand.startsWith('M4A') || brand.startsWith('M4B')) return is('audio', 'audio/mp4');
    if (['heic', 'heix', 'mif1', 'avif'].includes(brand))
      return is('image', `image/${brand === 'avif' ? 'avif' : 'heic'}`);
    if (brand === 'qt  ') return is('video', 'video/quicktime');
    return is('video', 'video/mp4');
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return is('video', 'video/webm');
  if (startsWith(head, 'ID3')) return is('audio', 'audio/mpeg');
  if (startsWith(head, 'OggS')) return is('audio', 'audio/ogg');
  if (startsWith(head, 'fLaC')) return is('audio', 'audio/flac');
  if (startsWith(head, 'PK\x03\x04') || startsWith(head, 'PK\x05\x06'))
    return { type: 'archive', contentType: 'application/zip', container: 'zip' };
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return { type: 'other', contentType: 'application/octet-stream', container: 'ole' };
  if (startsWith(head, [0x1f, 0x8b])) return is('archive', 'application/gzip');
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]))
    return is('archive', 'application/x-7z-compressed');
  if (startsWith(head, 'Rar!\x1a\x07')) return is('archive', 'application/vnd.rar');
  if (startsWith(head, 'BZh')) return is('archive', 'application/x-bzip2');
  if (startsWith(head, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])) return is('archive', 'application/x-xz');
  if (startsWith(head, 'ustar', 257)) return is('archive', 'application/x-tar');
  if (startsWith(head, '{\\rtf')) return is('document', 'application/rtf');
  return undefined;
}

/** What a client's Content-Type says, when it says something specific. */
function kindOfContentType(contentType: string): FileKind | undefined {
  const [family] = contentType.split('/');
  if (contentType === 'application/pdf') return { type: 'pdf', contentType };
  for (const candidate of Object.values(EXTENSIONS)) {
    if (candidate.contentType === contentType) return { type: candidate.type, contentType };
  }
  if (family === 'image' || family === 'video' || family === 'audio') return { type: family, contentType };
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

export function classify(fileName: string, clientContentType: string | undefined, head: Buffer): FileKind {
  const byExtension = EXTENSIONS[extname(fileName).toLowerCase()];
  const sniffed = sniff(head);
  if (sniffed && !sniffed.container) return { type: sniffed.type, contentType: sniffed.contentType };
  if (sniffed?.container) {
    if (byExtension?.signed === sniffed.container) return byExtension;
    return { type: sniffed.type, contentType: sniffed.contentType };
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
