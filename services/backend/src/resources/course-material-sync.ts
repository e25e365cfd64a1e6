import { AppError } from '@faraday/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { BlobNotFoundError, type BlobStore } from '../storage/blob-store.js';
import {
  forgetOtherEpochs,
  markFed,
  pendingRemovals,
  recordRemoval,
  removalDone,
  waitingMaterial,
} from './course-material.repository.js';
import { CourseMaterialFeed, type FedDocument, type FedResource } from './course-material-feed.js';

/** Resources fed per query of a pass; a pass goes on until nothing waits or a feed fails. */
const BATCH = 20;

/**
 * Keeps the AI tutor's course material equal to what the database says it should be
 * (docs/adr/0126-course-material-survives-redis-loss.md). An upload or delete tries the AI
 * service at once and never fails because of it; what did not go through (the AI service or its
 * Redis down) waits in the database, and a pass every COURSE_MATERIAL_SYNC_MS feeds and removes
 * it. The pass also asks the AI service for its store's epoch: an epoch the database has not seen
 * means the store was emptied (a Redis restarted without its data), and every resource fed under
 * another epoch is fed again from the blob store.
 */
export class CourseMaterialSync {
  /** Whether the last pass reached the AI service, so each change is logged once. */
  #reachable = true;
  #pass: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
    private readonly feed: CourseMaterialFeed,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** After an upload: feeds it now, or leaves it waiting for a pass. */
  async uploaded(resource: FedResource, requestId: string, log: FastifyBaseLogger): Promise<void> {
    try {
      await this.feedOne(resource, requestId);
    } catch (error) {
      log.warn(
        { err: error, resource_id: resource.id },
        'course material not fed yet; it will be when the tutor answers',
      );
    }
  }

  /** After a delete (its removal already recorded with it): removes it now, or leaves that to a pass. */
  async deleted(resourceId: string, document: FedDocument, requestId: string, log: FastifyBaseLogger) {
    try {
      await this.feed.remove(document, requestId);
      await removalDone(this.db, resourceId);
    } catch (error) {
      log.warn(
        { err: error, resource_id: resourceId },
        'course material not removed yet; it will be when the tutor answers',
      );
    }
  }

  /** One reconciliation; a pass already under way is joined, not doubled. */
  pass(): Promise<void> {
    this.#pass ??= this.#reconcile().finally(() => {
      this.#pass = undefined;
    });
    return this.#pass;
  }

  /** The pass under way, if any, once it ended. */
  async settled(): Promise<void> {
    await this.#pass;
  }

  async #reconcile(): Promise<void> {
    const requestId = 'course-material-sync';
    let removed = 0;
    let fed = 0;
    try {
      for (const removal of await pendingRemovals(this.db, 100)) {
        await this.feed.remove(removal, requestId);
        await removalDone(this.db, removal.resourceId);
        removed++;
      }
      const epoch = await this.feed.epoch(requestId);
      const lost = await forgetOtherEpochs(this.db, epoch);
      if (lost > 0)
        this.log.warn({ resources: lost, epoch }, 'the tutor lost course material; feeding it again');
      for (let batch = await waitingMaterial(this.db, BATCH); batch.length > 0; ) {
        for (const resource of batch) {
          await this.feedOne(resource, requestId);
          fed++;
        }
        batch = batch.length < BATCH ? [] : await waitingMaterial(this.db, BATCH);
      }
      if (!this.#reachable) this.log.info({}, 'the tutor takes course material again');
      this.#reachable = true;
    } catch (error) {
      if (this.#reachable)
        this.log.warn({ err: error }, 'course material not in step with the tutor; it waits in the database');
      this.#reachable = false;
    } finally {
      if (fed + removed > 0)
        this.log.info({ fed, removed }, 'course material brought in step with the tutor');
    }
  }

  /** Feeds one resource and records the epoch; throws when the AI service did not take it. */
  private async feedOne(resource: FedResource, requestId: string): Promise<void> {
    if (!CourseMaterialFeed.feeds(resource)) {
      // Empty or too large: nothing the tutor can take, now or later.
      await markFed(this.db, resource.id, null);
      return;
    }
    let epoch: string;
    try {
      epoch = await this.feed.add(resource, this.blobs, requestId);
    } catch (error) {
      if (!refusedForGood(error)) throw error;
      // Trying again would refuse again and hold up every resource after it.
      this.log.warn({ err: error, resource_id: resource.id }, 'the tutor cannot take this course material');
      await markFed(this.db, resource.id, null);
      return;
    }
    if (await markFed(this.db, resource.id, epoch)) return;
    // Deleted while it was being fed: the delete's removal may have come first, so remove again.
    const document = { courseId: resource.courseId, source: CourseMaterialFeed.sourceOf(resource) };
    await recordRemoval(this.db, resource.id, document);
    await this.deleted(resource.id, document, requestId, this.log);
  }
}

/** The document itself is the problem (its bytes are gone, the AI service refuses its text), not an outage. */
function refusedForGood(error: unknown): boolean {
  return (
    error instanceof BlobNotFoundError || (error instanceof AppError && error.code === 'VALIDATION_ERROR')
  );
}

/** A pass when the server is ready and every `everyMs`; closing waits for the pass under way. */
export function scheduleCourseMaterialSync(app: FastifyInstance, sync: CourseMaterialSync, everyMs: number) {
  const timer = setInterval(() => void sync.pass(), everyMs);
  timer.unref();
  app.addHook('onReady', async () => {
    void sync.pass();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sync.settled();
  });
}
