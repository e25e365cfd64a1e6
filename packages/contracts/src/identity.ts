import { z } from 'zod';
import { paginatedSchema } from './pagination.js';
import { permissions, roles } from './permissions.js';
import { lineText } from './text.js';

/** Request and response bodies of authentication and user management (docs/api-contract.md). */

const timestamp = z.string().describe('ISO 8601 UTC timestamp');

export const usernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(64)
  .regex(/^[\p{L}\p{N}._@-]+$/u, 'may contain letters, digits and . _ @ - only');

/**
 * Asked by the web application: besides the answer's token, start a browser session (an
 * HttpOnly cookie that POST /auth/refresh trades for fresh short-lived tokens).
 */
export const browserSessionField = z
  .boolean()
  .default(false)
  .describe(
    'For the web application: the token lives 900 s and an HttpOnly session cookie (faraday_session) ' +
      'is set, which POST /api/v1/auth/refresh trades for fresh tokens; the request must come from ' +
      "the application's own origin. API clients leave it out and get a 24-hour token",
  );

export const loginRequestSchema = z.object({
  username: lineText().min(1).max(64),
  password: z.string().min(1).max(256),
  browser_session: browserSessionField,
});

export const tokenResponseSchema = z.object({
  access_token: z.string().describe('JWT (HS256)'),
  token_type: z.literal('Bearer'),
  expires_in: z
    .number()
    .int()
    .describe('Seconds until expiry: 86400, or 900 in a browser session (renewed by POST /auth/refresh)'),
  user_id: z.string(),
  username: z.string().optional().describe('Password login only'),
  name: z.string().optional().describe('Corporate chat login only'),
  corpchat_user_id: z.string().optional().describe('Corporate chat login only'),
  role: z.enum(roles),
  must_change_password: z
    .boolean()
    .describe(
      'The password is initial or was reset by an admin: change it first (every other call answers ' +
        '403 PASSWORD_CHANGE_REQUIRED, except for the demo accounts outside production)',
    ),
  password_change_required: z
    .boolean()
    .describe(
      'The server enforces the change now: every call but a password change answers 403 ' +
        'PASSWORD_CHANGE_REQUIRED (false for a demo account outside production, which is only reminded)',
    ),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  permissions: z.array(z.enum(permissions)),
  created_at: timestamp,
  last_login: timestamp.nullable(),
  must_change_password: z.boolean().describe('The account still has an initial or reset password'),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const changePasswordRequestSchema = z.object({
  old_password: z.string().min(1).max(256),
  new_password: z.string().min(1).max(256),
});

export const messageSchema = z.object({ message: z.string() });

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  disabled: z.boolean(),
  must_change_password: z.boolean(),
  corpchat_user_id: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  last_login: timestamp.nullable(),
  locked_until: timestamp
    .nullable()
    .describe('Until when sign-in is locked after failed attempts (from some address), if it is now'),
});
export type UserView = z.infer<typeof userSchema>;

export const userListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: lineText().trim().max(100).optional(),
  role: z.enum(roles).optional(),
});

export const userListSchema = paginatedSchema('users', userSchema);

const emailSchema = z.union([z.email().max(254), z.literal('')]);

export const createUserRequestSchema = z.object({
  username: usernameSchema,
  password: z.string().min(1).max(256),
  name: lineText().trim().min(1).max(100),
  email: emailSchema.default(''),
  role: z.enum(roles),
});

export const updateUserRequestSchema = z
  .object({
    name: lineText().trim().min(1).max(100).optional(),
    email: emailSchema.optional(),
    role: z.enum(roles).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'give at least one of name, email, role');

export const resetPasswordRequestSchema = z.object({
  new_password: z.string().min(1).max(256).optional().describe('Omit to have a random password generated'),
});

export const resetPasswordResponseSchema = z.object({
  user_id: z.string(),
  temporary_password: z.string().optional().describe('Present only when the password was generated'),
  must_change_password: z.literal(true),
});

export const bulkCreateResultSchema = z.object({
  created_count: z.number().int(),
  failed_count: z.number().int(),
  results: z.array(
    z.object({
      row: z.number().int().describe('1-based data row number in the CSV (header excluded)'),
      username: z.string(),
      status: z
        .enum(['created', 'failed', 'not_imported'])
        .describe('not_imported: the row was fine, but another row failed, so nothing was written'),
      user_id: z.string().optional(),
      temporary_password: z
        .string()
        .optional()
        .describe('Generated when the row had no password; shown once'),
      reason: z.string().optional().describe('Why the row failed: "field: problem; field: problem"'),
    }),
  ),
});
