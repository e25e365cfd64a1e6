import { z } from 'zod';
import { paginatedSchema } from './pagination.js';
import { lineText, multilineText } from './text.js';

/** Courses, members and invite codes (docs/adr/0016-course-codes-seats-and-invites.md). */

const timestamp = z.string().describe('ISO 8601 UTC timestamp');

export const courseStatuses = ['active', 'archived'] as const;

/** `YYYY-YYYY-n` with consecutive years, e.g. 2025-2026-1. */
export const semesterSchema = z
  .string()
  .regex(/^\d{4}-\d{4}-[1-4]$/, 'must look like 2025-2026-1 (YYYY-YYYY-n, n from 1 to 4)')
  .refine(
    (value) => Number(value.slice(5, 9)) === Number(value.slice(0, 4)) + 1,
    'the two years must be consecutive',
  );

export const scheduleEntrySchema = z.object({
  week: z.number().int().min(1).max(60),
  topic: lineText().trim().min(1).max(200),
  content: multilineText().max(2000).default(''),
});

export const courseCodeSchema = z
  .string()
  .trim()
  .min(2)
  .max(32)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'may contain letters, digits and _ . - only');

export const createCourseRequestSchema = z.object({
  name: lineText().trim().min(1).max(100),
  code: courseCodeSchema,
  semester: semesterSchema,
  description: multilineText().max(5000).default(''),
  syllabus: multilineText().max(20000).default(''),
  schedule: z.array(scheduleEntrySchema).max(60).default([]),
  max_students: z.number().int().min(1).max(10_000).default(100),
  teacher_id: lineText().max(64).optional().describe('Admins only: the teacher of the new course'),
});

export const createCourseResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  semester: z.string(),
  description: z.string(),
  teacher_id: z.string(),
  status: z.enum(courseStatuses),
  invite_code: z.string(),
  created_at: timestamp,
});

export const updateCourseRequestSchema = z
  .object({
    name: lineText().trim().min(1).max(100),
    description: multilineText().max(5000),
    syllabus: multilineText().max(20000),
    schedule: z.array(scheduleEntrySchema).max(60),
    semester: semesterSchema,
    max_students: z.number().int().min(1).max(10_000),
    status: z.enum(courseStatuses),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'give at least one field to change');

export const updateCourseResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(courseStatuses),
  updated_at: timestamp,
});

export const courseSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  semester: z.string(),
  description: z.string(),
  teacher_id: z.string(),
  teacher_name: z.string(),
  student_count: z.number().int(),
  max_students: z.number().int(),
  status: z.enum(courseStatuses),
  created_at: timestamp,
  updated_at: timestamp,
});

export const courseDetailSchema = courseSummarySchema.extend({
  assistants: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  syllabus: z.string(),
  schedule: z.array(z.object({ week: z.number().int(), topic: z.string(), content: z.string() })),
  my_role: z
    .enum(['admin', 'teacher', 'assistant', 'student'])
    .describe("The caller's relation to the course"),
  invite_code: z.string().nullable().optional().describe("Shown to the course's teacher and admins"),
  invite_expires_at: timestamp.nullable().optional(),
});

export const courseListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: lineText().trim().max(100).optional(),
});

export const courseListSchema = paginatedSchema('courses', courseSummarySchema);

export const memberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['teacher', 'assistant', 'student']),
  student_id: z.string().optional().describe('Students only: their username'),
  joined_at: timestamp.optional().describe('Students only'),
});

export const memberListSchema = z.object({
  teacher: memberSchema,
  assistants: z.array(memberSchema),
  students: z.array(memberSchema),
  total_count: z.number().int(),
});

export const addMembersRequestSchema = z
  .object({
    user_ids: z.array(lineText().min(1).max(64)).max(500).default([]),
    usernames: z
      .array(lineText().trim().min(1).max(64))
      .max(500)
      .default([])
      .describe('Add by username too (what a teacher knows); unknown ones are reported per user'),
    role: z.enum(['assistant', 'student']),
  })
  .refine((body) => body.user_ids.length + body.usernames.length > 0, 'give user_ids or usernames');

export const addMembersResponseSchema = z.object({
  added_count: z.number().int(),
  failed_users: z.array(z.object({ user_id: z.string(), reason: z.string() })),
});

export const joinCourseRequestSchema = z.object({
  invite_code: lineText().trim().min(1).max(32),
});

export const joinCourseResponseSchema = z.object({
  course_id: z.string(),
  course_name: z.string(),
  joined_at: timestamp,
});

export const rotateInviteRequestSchema = z.object({
  expires_at: z.iso
    .datetime()
    .nullable()
    .optional()
    .describe(
      'When the new code stops working: null for never; omitted, after INVITE_CODE_DAYS (default 180)',
    ),
});

export const inviteCodeSchema = z.object({
  invite_code: z.string(),
  invite_expires_at: timestamp.nullable(),
});
