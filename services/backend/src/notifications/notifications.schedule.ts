import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { newId } from '../shared/ids.js';
import { MINUTE_MS } from '../shared/time.js';
import { dispatchPending, scanDueSoon } from './dispatcher.js';
import { DigestMailer, type MailerSettings } from './mailer.js';
import { reportQueueFailuresTo } from './outbox.js';

export interface NotificationSettings {
  /** How often the outbox is fanned out and due digests are sent. */
  intervalMs: number;
  /** Unset: no e-mail is sent, and none is queued. */
  mail: Omit<MailerSettings, 'publicUrl'> | undefined;
}

/**
 * The background side of notifications on every instance: fan out the outbox, scan for due
 * dates within 24 h (each minute), send due digests. Passes never overlap within an instance;
 * across instances the claims keep each event and e-mail to one (docs/adr/0131).
 */
export function scheduleNotifications(
  app: FastifyInstance,
  db: Db,
  settings: NotificationSettings,
  publicUrl: string,
) {
  reportQueueFailuresTo(db, app.log);
  const worker = `backend-${newId()}`;
  const mailer = settings.mail ? new DigestMailer(db, { ...settings.mail, publicUrl }, app.log) : undefined;
  let lastScan = 0;
  let running: Promise<void> | undefined;
  const pass = async () => {
    if (Date.now() - lastScan >= MINUTE_MS) {
      lastScan = Date.now();
      await scanDueSoon(db);
    }
    await dispatchPending(db, worker, mailer !== undefined);
    await mailer?.sendDue();
  };
  const tick = () => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => app.log.warn({ err: error }, 'notification pass failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, settings.intervalMs);
  timer.unref();
  app.addHook('onReady', async () => tick());
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
    mailer?.close();
  });
}
