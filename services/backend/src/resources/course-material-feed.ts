import { callService } from '@faraday/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../storage/blob-store.js';

/** Text resources larger than this are not fed to retrieval (the AI service refuses huge documents). */
export const MAX_FED_BYTES = 2 * 1024 * 1024;

export interface FedResource {
  id: string;
  courseId: string;
  fileName: string;
  type: string;
  size: number;
  blobKey: string;
}

/**
 * Keeps the AI tutor's retrieval index in step with a course's text resources: an uploaded
 * Markdown or plain-text file becomes course material for that course's questions, and
 * leaves the index when the resource is deleted. The upload itself never fails because of
 * this; a failure is logged and the resource stays.
 */
export class CourseMaterialFeed {
  constructor(
    private readonly aiServiceUrl: string,
    private readonly gatewayToken: string | undefined,
    private readonly timeoutMs = 10_000,
  ) {}

  static sourceOf(resource: Pick<FedResource, 'id' | 'fileName'>): string {
    return `resources/${resource.id}/${resource.fileName}`.slice(0, 200);
  }

  static feeds(resource: Pick<FedResource, 'type' | 'size'>): boolean {
    return resource.type === 'text' && resource.size > 0 && resource.size <= MAX_FED_BYTES;
  }

  private headers(): Record<string, string> {
    return this.gatewayToken ? { 'x-ai-gateway-token': this.gatewayToken } : {};
  }

  async add(
    resource: FedResource,
    blobs: BlobStore,
    requestId: string,
    log: FastifyBaseLogger,
  ): Promise<void> {
    if (!CourseMaterialFeed.feeds(resource)) return;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await blobs.open(resource.blobKey)) chunks.push(chunk as Buffer);
      await callService('ai', this.aiServiceUrl, '/v1/index/documents', {
        method: 'POST',
        body: {
          source: CourseMaterialFeed.sourceOf(resource),
          text: Buffer.concat(chunks).toString('utf8'),
          course_id: resource.courseId,
        },
        requestId,
        headers: this.headers(),
        timeoutMs: this.timeoutMs,
      });
    } catch (error) {
      log.warn(
        { err: error, resource_id: resource.id },
        'could not add the resource to the course material index',
      );
    }
  }

  async remove(resource: FedResource, requestId: string, log: FastifyBaseLogger): Promise<void> {
    if (!CourseMaterialFeed.feeds(resource)) return;
    const query = new URLSearchParams({
      source: CourseMaterialFeed.sourceOf(resource),
      course_id: resource.courseId,
    });
    try {
      await callService('ai', this.aiServiceUrl, `/v1/index/documents?${query}`, {
        method: 'DELETE',
        requestId,
        headers: this.headers(),
        timeoutMs: this.timeoutMs,
      });
    } catch (error) {
      log.warn(
        { err: error, resource_id: resource.id },
        'could not remove the resource from the course material index',
      );
    }
  }
}
