/**
 * Reading the units the request schemas declare (`.meta(unit('m'))`, see common.ts), for callers
 * that hold the zod schema. Callers that hold its JSON Schema read the keyword `x-unit` (UNIT_KEY).
 */
import { z } from 'zod';
import { UNIT_KEY, UNITS, type Unit } from './common.js';

/** A step of a path into a request: a field name or an array index (`charges[0].q` is ['charges', 0, 'q']). */
export type PathSegment = string | number;

function isUnit(value: unknown): value is Unit {
  return (UNITS as readonly unknown[]).includes(value);
}

/** The schema a wrapper (default, prefault, optional, nullable, readonly, catch) or a pipe's input stands for. */
function inner(schema: z.core.$ZodType): z.core.$ZodType | undefined {
  const def = schema._zod.def as { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType };
  return def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
}

/**
 * The unit a field declares, looking through its wrappers (`.default()`, `.optional()`, …);
 * undefined for a count (an integer field), a field that is not a number, or no schema.
 */
export function fieldUnit(schema: z.core.$ZodType | undefined): Unit | undefined {
  for (let s = schema; s !== undefined; s = inner(s)) {
    const unit = z.globalRegistry.get(s)?.[UNIT_KEY];
    if (unit !== undefined) return isUnit(unit) ? unit : undefined;
  }
  return undefined;
}

const WHOLE_NUMBER_FORMATS = new Set(['safeint', 'int32', 'uint32']);

/** True for a whole-number field (`.int()`): a count, which has no unit. */
export function isCount(schema: z.core.$ZodType | undefined): boolean {
  for (let s = schema; s !== undefined; s = inner(s)) {
    const def = s._zod.def as { type: string; checks?: z.core.$ZodCheck[] };
    if (def.type === 'number') {
      return (def.checks ?? []).some((check) => {
        const { format } = check._zod.def as { format?: string };
        return format !== undefined && WHOLE_NUMBER_FORMATS.has(format);
      });
    }
  }
  return false;
}

/** The field a path leads to in a request schema (through objects, arrays and tuples), or undefined. */
export function fieldAt(schema: z.core.$ZodType, path: readonly PathSegment[]): z.core.$ZodType | undefined {
  let node: z.core.$ZodType | undefined = schema;
  for (const segment of path) {
    node = child(node, segment);
    if (node === undefined) return undefined;
  }
  return node;
}

function child(schema: z.core.$ZodType, segment: PathSegment): z.core.$ZodType | undefined {
  for (let s: z.core.$ZodType | undefined = schema; s !== undefined; s = inner(s)) {
    const def = s._zod.def as {
      type: string;
      shape?: Record<string, z.core.$ZodType>;
      element?: z.core.$ZodType;
      items?: z.core.$ZodType[];
    };
    if (def.type === 'object' && typeof segment === 'string') {
      return def.shape && Object.hasOwn(def.shape, segment) ? def.shape[segment] : undefined;
    }
    if (def.type === 'array' && typeof segment === 'number') return def.element;
    if (def.type === 'tuple' && typeof segment === 'number') return def.items?.[segment];
  }
  return undefined;
}

/** The unit of the field at `path` (`unitAt(pointChargesSchema, ['charges', 0, 'q'])` is 'C'). */
export function unitAt(schema: z.core.$ZodType, path: readonly PathSegment[]): Unit | undefined {
  return fieldUnit(fieldAt(schema, path));
}
