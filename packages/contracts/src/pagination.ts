import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** `page` from 1 and `limit` (default 20, max 100), as query strings are coerced. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('Page number, from 1'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .describe(`Items per page (max ${MAX_PAGE_SIZE})`),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** `{ <key>: [item], total, page, limit }`, the list shape of every paged answer. */
export function paginatedSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({
    [key]: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
  } as { [P in K]: z.ZodArray<T> } & {
    total: z.ZodNumber;
    page: z.ZodNumber;
    limit: z.ZodNumber;
  });
}

export function pageOffset({ page, limit }: PaginationQuery): number {
  return (page - 1) * limit;
}
