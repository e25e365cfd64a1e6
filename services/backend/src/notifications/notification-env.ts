import { z } from 'zod';
import type { NotificationSettings } from './notifications.schedule.js';

/** The settings of notifications and their e-mail (part of the backend's one environment schema). */
export const notificationEnvFields = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .describe(
      'Mail server for notification e-mails, e.g. smtps://user:pass@mail.example.edu (unset: no e-mail)',
    ),
  SMTP_FROM: z
    .string()
    .min(3)
    .default('Faraday <no-reply@localhost>')
    .describe('Sender of notification e-mails'),
  NOTIFICATION_EMAIL_BATCH_SEC: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400)
    .default(600)
    .describe("A user's notification e-mails wait this long from the first, then go as one message"),
  NOTIFICATION_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(600_000)
    .default(5_000)
    .describe('How often queued notifications are delivered and due e-mails sent'),
};

type NotificationEnv = z.output<z.ZodObject<typeof notificationEnvFields>>;

/** E-mail is on only with `SMTP_URL`; in-app notifications always are (docs/adr/0131). */
export function notificationSettingsOf(env: NotificationEnv): NotificationSettings {
  return {
    intervalMs: env.NOTIFICATION_INTERVAL_MS,
    mail: env.SMTP_URL
      ? { smtpUrl: env.SMTP_URL, from: env.SMTP_FROM, batchMs: env.NOTIFICATION_EMAIL_BATCH_SEC * 1000 }
      : undefined,
  };
}
