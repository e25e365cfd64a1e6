import type { NotificationKind } from '@faraday/contracts';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/database.js';
import { newId } from '../shared/ids.js';
import { isoAfter, isoNow } from '../shared/time.js';
import { digestPhrases } from './digest-phrases.js';

/** A 'sending' claim older than this belonged to an instance that died mid-send: sent again. */
const SENDING_LEASE_MS = 10 * 60_000;

export interface MailerSettings {
  smtpUrl: string;
  from: string;
  /** A user's pending notifications wait this long from the oldest one, then go as one message. */
  batchMs: number;
  /** The web app's address, for the links in the message. */
  publicUrl: string;
}

/**
 * Sends each user's e-mail notifications as one digest per batch window. Rows are claimed with
 * a conditional update (pending -> sending under a fresh token), so with several instances on
 * one database each row is in exactly one instance's message.
 */
export class DigestMailer {
  private readonly transport: Transporter;

  constructor(
    private readonly db: Db,
    private readonly settings: MailerSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport(settings.smtpUrl);
  }

  close(): void {
    this.transport.close();
  }

  async sendDue(now = new Date()): Promise<number> {
    await this.db
      .updateTable('notifications')
      .set({ email_state: 'pending', email_claim: null, email_claimed_at: null })
      .where('email_state', '=', 'sending')
      .where('email_claimed_at', '<', isoAfter(-SENDING_LEASE_MS, now))
      .execute();
    const due = await this.db
      .selectFrom('notifications')
      .select('user_id')
      .distinct()
      .where('email_state', '=', 'pending')
      .where('created_at', '<=', isoAfter(-this.settings.batchMs, now))
      .execute();
    let sent = 0;
    for (const { user_id } of due) {
      if (await this.sendDigest(user_id)) sent++;
    }
    return sent;
  }

  private async sendDigest(userId: string): Promise<boolean> {
    const claim = newId();
    const claimed = await this.db
      .updateTable('notifications')
      .set({ email_state: 'sending', email_claim: claim, email_claimed_at: isoNow() })
      .where('user_id', '=', userId)
      .where('email_state', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    const [user, rows] = await Promise.all([
      this.db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst(),
      this.db
        .selectFrom('notifications as n')
        .innerJoin('courses as c', 'c.id', 'n.course_id')
        .select(['n.kind', 'n.subject_title', 'n.link', 'c.name as course_name'])
        .where('n.email_claim', '=', claim)
        .orderBy('n.created_at')
        .execute(),
    ]);
    const settle = (state: 'sent' | 'pending' | 'none') =>
      this.db
        .updateTable('notifications')
        .set({
          email_state: state,
          ...(state === 'pending' ? { email_claim: null, email_claimed_at: null } : {}),
        })
        .where('email_claim', '=', claim)
        .execute();
    if (!user?.email) {
      await settle('none');
      return false;
    }
    try {
      await this.transport.sendMail({
        from: this.settings.from,
        to: { name: user.name, address: user.email },
        subject: digestPhrases.subject(rows.length),
        text: this.body(user.name, rows),
      });
    } catch (error) {
      this.log.warn({ err: error, user_id: userId }, 'notification e-mail not sent; tried again later');
      await settle('pending');
      return false;
    }
    await settle('sent');
    return true;
  }

  private body(
    name: string,
    rows: Array<{ kind: string; subject_title: string; link: string; course_name: string }>,
  ): string {
    const lines = rows.map(
      (row) =>
        `- ${digestPhrases.kinds[row.kind as NotificationKind] ?? row.kind}: ${row.subject_title} (${row.course_name})\n  ${this.settings.publicUrl}${row.link}`,
    );
    return [
      digestPhrases.greeting(name),
      '',
      digestPhrases.intro,
      '',
      ...lines,
      '',
      digestPhrases.footer,
      `${this.settings.publicUrl}/notifications`,
      '',
    ].join('\n');
  }
}
