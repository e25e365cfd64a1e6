import { z } from 'zod';
import { lineText, multilineText } from './text.js';

/** Course resources: files teachers share with a course (docs/api-contract.md). */

const timestamp = z.string().describe('ISO 8601 UTC timestamp');

export const resourceCategories = ['lecture', 'exercise', 'reference'] as const;
export type ResourceCategory = (typeof resourceCategories)[number];

/** The `categories` the list answers with, in this order. */
export const resourceCategoryNames: Record<ResourceCategory, string> = {
  lecture: 'Lecture',
  exercise: 'Exercise',
  reference: 'Reference',
};

/** What a file is, decided by the server from its bytes, extension and content type. */
export const resourceTypes = [
  'pdf',
  'document',
  'presentation',
  'spreadsheet',
  'image',
  'video',
  'audio',
  'archive',
  'text',
  'other',
] as const;
export type ResourceType = (typeof resourceTypes)[number];

const chapterSchema = z.number().int().min(1).max(9999);

/**
 * The plain fields of the multipart upload, as strings the way a form sends them. An empty
 * `chapter` or `description` counts as not given (HTML forms send empty inputs).
 */
export const uploadResourceFieldsSchema = z.object({
  name: lineText().trim().min(1).max(200),
  category: z.enum(resourceCategories),
  chapter: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, 'must be a whole number from 1')
    .transform(Number)
    .pipe(chapterSchema)
    .optional(),
  description: multilineText().max(5000).default(''),
});
export type UploadResourceFields = z.output<typeof uploadResourceFieldsSchema>;

export const resourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(resourceTypes),
  size: z.number().int().min(1).describe('Bytes'),
  category: z.enum(resourceCategories),
  chapter: z.number().int().nullable(),
  description: z.string(),
  file_name: z.string().describe('The uploaded file name (the download is saved under it)'),
  content_type: z.string(),
  uploaded_by: z.string().describe('User id of the uploader'),
  uploaded_by_name: z.string().nullable(),
  uploaded_at: timestamp,
  download_url: z.string().describe('/api/v1/resources/<id>/download'),
});
export type Resource = z.infer<typeof resourceSchema>;

export const resourceListQuerySchema = z.object({
  category: z.enum(resourceCategories).optional(),
  chapter: z.coerce.number().int().min(1).max(9999).optional(),
});

export const resourceListSchema = z.object({
  resources: z.array(resourceSchema),
  categories: z.array(z.object({ key: z.enum(resourceCategories), name: z.string() })),
  max_upload_bytes: z
    .number()
    .int()
    .describe('Largest file an upload may carry (RESOURCE_MAX_BYTES), so a client can refuse before sending'),
});
