import { z } from 'zod';
import { assignmentStatuses } from './assignments.js';
import { gradeStatuses } from './gradebook.js';

/**
 * The calendar (docs/adr/0143-calendar-feed-secret.md): every due date of the caller's courses,
 * and a private iCalendar feed of them behind a secret URL that only its owner is shown.
 */

const timestamp = z.string().describe('ISO 8601 UTC timestamp');

/** Widest window one calendar request may ask for: a year and a month, so a month grid always fits. */
export const MAX_CALENDAR_SPAN_DAYS = 400;

export const calendarQuerySchema = z
  .object({
    from: z.iso
      .datetime({ offset: true })
      .transform((value) => new Date(value).toISOString())
      .describe('Earliest due date to answer (ISO 8601); default 30 days ago'),
    to: z.iso
      .datetime({ offset: true })
      .transform((value) => new Date(value).toISOString())
      .describe('Latest due date to answer (ISO 8601); default 90 days from now'),
  })
  .partial()
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['to'],
  });
export type CalendarQuery = z.output<typeof calendarQuerySchema>;

export const calendarRoles = ['teacher', 'assistant', 'student'] as const;

export const calendarItemSchema = z.object({
  assignment_id: z.string(),
  course_id: z.string(),
  course_name: z.string(),
  course_code: z.string(),
  title: z.string(),
  due_date: timestamp,
  assignment_status: z
    .enum(assignmentStatuses)
    .describe('Drafts appear only to the course staff; students see published and closed work'),
  role: z.enum(calendarRoles).describe('How the caller takes part in the course'),
  status: z
    .enum(gradeStatuses)
    .nullable()
    .describe("A student's own state of this assignment; null for the course's staff"),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;

export const calendarSchema = z.object({
  from: timestamp,
  to: timestamp,
  items: z.array(calendarItemSchema).describe('Due dates in [from, to], soonest first'),
});
export type Calendar = z.infer<typeof calendarSchema>;

export const calendarFeedStateSchema = z.object({
  active: z.boolean().describe('Whether a feed URL exists; its secret is never shown again after creation'),
  created_at: timestamp.nullable().describe('When the current feed URL was made; null when none'),
});
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;

export const calendarFeedCreatedSchema = z.object({
  active: z.literal(true),
  created_at: timestamp,
  url: z
    .string()
    .describe('The secret iCalendar URL: shown this once; anyone holding it reads your due dates'),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;
