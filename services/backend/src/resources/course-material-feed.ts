import { AppError } from '@faraday/contracts';
import { callService } from '@faraday/server-kit';
import type { BlobStore } from '../storage/blob-store.js';

/** Text resources larger than this are not fed to retrieval (the AI service refuses huge documents). */
export const MAX_FED_BYTES = 2 * 1024 * 1024;

export interface FedResource {
  id: string;
  courseId: string;
  fileName: string;
  /** The resource's title, which the tutor's citations show instead of the file path. */
  title: string;
  type: string;
  size: number;
  blobKey: string;
}

/** A document the tutor may hold, by the name it was fed under. */
export interface FedDocument {
  courseId: string;
  source: string;
}

/**
 * The AI service's calls that keep the tutor's retrieval index in step with a course's text
 * resources: an uploaded Markdown or plain-text file becomes course material for that course's
 * questions, and leaves the index when the resource is deleted. Every call throws on failure;
 * `CourseMaterialSync` (course-material-sync.ts) decides what is tried again.
 */
export class CourseMaterialFeed {
  constructor(
    private readonly aiServiceUrl: string,
    private readonly gatewayToken: string,
    private readonly timeoutMs = 10_000,
  ) {}

  static sourceOf(resource: Pick<FedResource, 'id' | 'fileName'>): string {
    return `resources/${resource.id}/${resource.fileName}`.slice(0, 200);
  }

  static feeds(resource: Pick<FedResource, 'type' | 'size'>): boolean {
    return resource.type === 'text' && resource.size > 0 && resource.size <= MAX_FED_BYTES;
  }

  private headers(): Record<string, string> {
    return { 'x-ai-gateway-token': this.gatewayToken };
  }

  /** The epoch of the AI service's run-time documents (a new one after its store lost them). */
  async epoch(requestId: string): Promise<string> {
    const answer = await callService<{ epoch: string }>('ai', this.aiServiceUrl, '/v1/index/epoch', {
      method: 'GET',
      requestId,
      headers: this.headers(),
      timeoutMs: this.timeoutMs,
    });
    return answer.epoch;
  }

  /** Adds (or replaces) the resource's text; answers the epoch it was stored under. */
  async add(resource: FedResource, blobs: BlobStore, requestId: string): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of await blobs.open(resource.blobKey)) chunks.push(chunk as Buffer);
    const answer = await callService<{ epoch: string }>('ai', this.aiServiceUrl, '/v1/index/documents', {
      method: 'POST',
      body: {
        source: CourseMaterialFeed.sourceOf(resource),
        text: Buffer.concat(chunks).toString('utf8'),
        title: resource.title.slice(0, 200),
        course_id: resource.courseId,
      },
      requestId,
      headers: this.headers(),
      timeoutMs: this.timeoutMs,
    });
    return answer.epoch;
  }

  /** Removes the document; a document the tutor does not hold (404) counts as removed. */
  async remove(document: FedDocument, requestId: string): Promise<void> {
    const query = new URLSearchParams({ source: document.source, course_id: document.courseId });
    try {
      await callService('ai', this.aiServiceUrl, `/v1/index/documents?${query}`, {
        method: 'DELETE',
        requestId,
        headers: this.headers(),
        timeoutMs: this.timeoutMs,
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
    }
  }
}
