import { z } from 'zod';
import type { AppError, ErrorCode } from './errors.js';

export interface ErrorBody {
  code: ErrorCode | string;
  message: string;
  details?: string;
  required_permission?: string;
}

export interface SuccessEnvelope<T> {
  success: true;
  data: T;
}

export interface ErrorEnvelope {
  success: false;
  error: ErrorBody;
}

export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

export function ok<T>(data: T): SuccessEnvelope<T> {
  return { success: true, data };
}

export function failure(error: ErrorBody): ErrorEnvelope {
  const body: ErrorBody = { code: error.code, message: error.message };
  if (error.details !== undefined) body.details = error.details;
  if (error.required_permission !== undefined) body.required_permission = error.required_permission;
  return { success: false, error: body };
}

export function failureFromAppError(error: AppError): ErrorEnvelope {
  return failure({
    code: error.code,
    message: error.message,
    ...(error.details === undefined ? {} : { details: error.details }),
    ...(error.requiredPermission === undefined ? {} : { required_permission: error.requiredPermission }),
  });
}

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.string().optional(),
  required_permission: z.string().optional(),
});

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: errorBodySchema,
});

/** The success envelope around a route's data schema, for response validation and OpenAPI. */
export function successEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}
