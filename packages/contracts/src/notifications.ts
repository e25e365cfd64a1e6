import { z } from 'zod';
import { paginatedSchema, paginationQuerySchema } from './pagination.js';

/**
 * Notifications (docs/adr/0131-notifications-outbox-and-digests.md): what happened in a course
 * that concerns the caller, kept per user with a read marker, and the caller's choice per kind of
 * whether to receive it in the app and by e-mail.
 */

const timestamp = z.string().describe('ISO 8601 UTC timestamp');

/** The kinds a user chooses among; the order is the settings page's. */
export const NOTIFICATION_KINDS = [
  'assignment',
  'grade',
  'announcement',
  'due_soon',
  'resubmission',
] as const;
export const notificationKindSchema = z
  .enum(NOTIFICATION_KINDS)
  .describe(
    'assignment: published or changed (due date included); grade: a grade or feedback on your work; ' +
      'announcement: posted in your course; due_soon: due within 24 h and not handed in; ' +
      'resubmission: a new attempt waits for grading (teachers and assistants)',
  );
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  course_id: z.string(),
  course_name: z.string(),
  subject_title: z.string().describe('The assignment or announcement it is about'),
  change: z
    .enum(['published', 'changed', 'due_date_changed'])
    .nullable()
    .describe('For kind assignment: what happened to it; null otherwise'),
  due_date: timestamp.nullable().describe('The due date, for assignment and due_soon'),
  link: z.string().describe("The web app's path of the thing, e.g. /courses/<id>/assignments/<id>"),
  created_at: timestamp,
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = paginationQuerySchema;

export const notificationListSchema = paginatedSchema('notifications', notificationSchema).extend({
  unread_count: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadNotificationCountSchema = z.object({ unread_count: z.number().int().min(0) });

export const markNotificationsReadSchema = z.object({
  marked_count: z.number().int().min(0).describe('Notifications newly marked read by this call'),
});

export const notificationPreferenceSchema = z.object({
  kind: notificationKindSchema,
  in_app: z.boolean().describe('Listed in the app (the bell and the notifications page)'),
  email: z.boolean().describe('Also sent by e-mail, gathered into one message per batch window'),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesSchema = z.object({
  email_available: z
    .boolean()
    .describe('Whether this server sends e-mail at all (SMTP_URL is set); the choice is kept either way'),
  preferences: z.array(notificationPreferenceSchema),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const updateNotificationPreferencesRequestSchema = z.object({
  preferences: z
    .array(notificationPreferenceSchema)
    .min(1)
    .max(NOTIFICATION_KINDS.length)
    .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, 'each kind at most once')
    .describe('The kinds to change; kinds not named keep their setting'),
});
export type UpdateNotificationPreferencesRequest = z.infer<typeof updateNotificationPreferencesRequestSchema>;
