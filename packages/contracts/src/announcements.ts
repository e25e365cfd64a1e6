import { z } from 'zod';
import { paginatedSchema, paginationQuerySchema } from './pagination.js';
import { lineText, multilineText } from './text.js';

/**
 * Announcements of a course (docs/adr/0142-announcements-and-read-markers.md): Markdown written
 * by the course's teacher or assistants, stored as written and rendered without raw HTML by
 * the client; each member has their own read marker per announcement.
 */

const timestamp = z.string().describe('ISO 8601 UTC timestamp');

/** Longest announcement text, in characters: a long notice, never a document (attach one instead). */
export const MAX_ANNOUNCEMENT_BODY = 20_000;
/** Longest announcement title, in characters. */
export const MAX_ANNOUNCEMENT_TITLE = 200;

const announcementFields = {
  title: lineText().trim().min(1).max(MAX_ANNOUNCEMENT_TITLE),
  body: multilineText()
    .trim()
    .min(1)
    .max(MAX_ANNOUNCEMENT_BODY)
    .describe('Markdown; raw HTML is shown as text, never run'),
  resource_id: z
    .string()
    .min(1)
    .max(64)
    .nullable()
    .describe("An optional attachment: the id of one of the course's own resources (null: none)"),
  pinned: z.boolean().describe('Pinned announcements are listed first'),
};

export const createAnnouncementRequestSchema = z.object({
  ...announcementFields,
  resource_id: announcementFields.resource_id.default(null),
  pinned: announcementFields.pinned.default(false),
});
export type CreateAnnouncementRequest = z.output<typeof createAnnouncementRequestSchema>;

export const updateAnnouncementRequestSchema = z
  .object(announcementFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'give at least one field to change');
export type UpdateAnnouncementRequest = z.output<typeof updateAnnouncementRequestSchema>;

export const announcementAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  file_name: z.string(),
  download_url: z.string().describe('/api/v1/resources/<id>/download'),
});

export const announcementSchema = z.object({
  id: z.string(),
  course_id: z.string(),
  title: z.string(),
  body: z.string().describe('Markdown, as written'),
  pinned: z.boolean(),
  attachment: announcementAttachmentSchema
    .nullable()
    .describe('The attached resource; null when none was given or it has since been deleted'),
  author_id: z.string(),
  author_name: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  read: z.boolean().describe('Has the caller marked it read (POST …/announcements/read)'),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementListQuerySchema = paginationQuerySchema;

export const announcementListSchema = paginatedSchema('announcements', announcementSchema).extend({
  unread_count: z.number().int().min(0).describe('Announcements of the course the caller has not read'),
});

export const markAnnouncementsReadSchema = z.object({
  marked_count: z.number().int().min(0).describe('Announcements newly marked read by this call'),
});

export const unreadAnnouncementSchema = announcementSchema.extend({
  course_name: z.string(),
  course_code: z.string(),
});

export const unreadAnnouncementsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Most announcements to answer'),
});

export const unreadAnnouncementsSchema = z.object({
  announcements: z
    .array(unreadAnnouncementSchema)
    .describe('Unread announcements of the courses you belong to, newest first'),
  total: z.number().int().min(0).describe('All your unread announcements, beyond `limit` too'),
});
