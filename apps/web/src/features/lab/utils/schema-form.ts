/**
 * The solver forms, derived from the solvers' own zod schemas (the ones the sim service
 * validates with, from `@faraday/physics/schemas`, which carries no solver code): fields, bounds,
 * defaults and units (the `x-unit` each field declares) come from `z.toJSONSchema`, and checking a
 * form is `schema.safeParse`. Nothing here knows a solver's fields by name, so a field added to a
 * schema appears in its form without a change here.
 */
import { type SolverName, solverSchemas, UNIT_KEY } from '@faraday/physics/schemas';
import { z } from 'zod';
import { pathOf } from './api-paths';
import { startingValues } from './starting-values';

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxLength?: number;
  default?: unknown;
  description?: string;
  enum?: string[];
  const?: unknown;
  [UNIT_KEY]?: string;
}

interface Base {
  /** The field's key in its object, e.g. `q`. */
  key: string;
  /** Where it sits in the request body, in the API's path syntax: `charges[0].q`, `surface.radius`. */
  path: string;
  description?: string;
}

export interface Bounds {
  min?: number;
  max?: number;
  /** The bound itself is excluded (`positive()` gives exclusive 0). */
  minExclusive?: boolean;
  maxExclusive?: boolean;
}

export interface NumberField extends Base, Bounds {
  kind: 'number';
  integer: boolean;
  required: boolean;
  default?: number;
  /** The SI unit the schema declares, as shown beside the field (`deg` → °; none for a pure number). */
  unit?: string;
}
export interface BooleanField extends Base {
  kind: 'boolean';
  default?: boolean;
}
export interface ChoiceField extends Base {
  kind: 'choice';
  options: string[];
  required: boolean;
  /** Absent when the solver decides if the field is left out (solenoid's `model`). */
  default?: string;
}
export interface TextField extends Base {
  kind: 'text';
  maxLength?: number;
  default?: string;
}
/** A fixed-length tuple of numbers, e.g. an axial range [z1, z2]. */
export interface PairField extends Base {
  kind: 'pair';
  items: NumberField[];
  unit?: string;
}
export interface GroupField extends Base {
  kind: 'group';
  fields: Field[];
}
/** An array of objects (charges, wires): edited as a table; columns have paths relative to a row. */
export interface TableField extends Base {
  kind: 'table';
  columns: Field[];
  minItems: number;
  maxItems: number;
}
export type Field =
  | NumberField
  | BooleanField
  | ChoiceField
  | TextField
  | PairField
  | GroupField
  | TableField;

/** What the form holds: the request body with numbers as the text typed (so "1e-9" survives). */
export type Draft = { [key: string]: DraftValue };
export type DraftValue = string | boolean | DraftValue[] | Draft;

/** Fields the page sets itself rather than the user (wave_1d's output kind). */
const PAGE_OWNED = new Set(['output_type']);

/** How a declared unit is shown: degrees as °, a pure number (`1`) with no unit. */
const SHOWN_UNIT: Record<string, string | undefined> = { deg: '°', '1': undefined };

/** The unit a schema node declares, as shown beside its field. */
export function unitOf(s: JsonSchema | undefined): string | undefined {
  const declared = s?.[UNIT_KEY];
  if (declared === undefined) return undefined;
  return declared in SHOWN_UNIT ? SHOWN_UNIT[declared] : declared;
}

function join(parent: string, key: string): string {
  return parent === '' ? key : `${parent}.${key}`;
}

function numberField(key: string, path: string, s: JsonSchema, required: boolean): NumberField {
  return {
    kind: 'number',
    key,
    path,
    integer: s.type === 'integer',
    required,
    ...(s.description === undefined ? {} : { description: s.description }),
    ...(typeof s.default === 'number' ? { default: s.default } : {}),
    ...(s.exclusiveMinimum !== undefined
      ? { min: s.exclusiveMinimum, minExclusive: true }
      : s.minimum !== undefined
        ? { min: s.minimum }
        : {}),
    ...(s.exclusiveMaximum !== undefined
      ? { max: s.exclusiveMaximum, maxExclusive: true }
      : s.maximum !== undefined
        ? { max: s.maximum }
        : {}),
    ...(unitOf(s) ? { unit: unitOf(s) } : {}),
  };
}

function fieldOf(key: string, path: string, s: JsonSchema, required: boolean): Field | null {
  const described = s.description === undefined ? {} : { description: s.description };
  if (s.const !== undefined) return null; // a literal such as type: 'circle' needs no input
  if (s.enum) {
    return {
      kind: 'choice',
      key,
      path,
      options: s.enum,
      required,
      ...described,
      ...(typeof s.default === 'string' ? { default: s.default } : {}),
    };
  }
  switch (s.type) {
    case 'number':
    case 'integer':
      return numberField(key, path, s, required);
    case 'boolean':
      return {
        kind: 'boolean',
        key,
        path,
        ...described,
        ...(typeof s.default === 'boolean' ? { default: s.default } : {}),
      };
    case 'string':
      return {
        kind: 'text',
        key,
        path,
        ...described,
        ...(s.maxLength === undefined ? {} : { maxLength: s.maxLength }),
        ...(typeof s.default === 'string' ? { default: s.default } : {}),
      };
    case 'object':
      return { kind: 'group', key, path, ...described, fields: fieldsOf(s, path) };
    case 'array': {
      if (s.prefixItems) {
        const unit = unitOf(s) ?? unitOf(s.prefixItems[0]);
        return {
          kind: 'pair',
          key,
          path,
          ...described,
          ...(unit ? { unit } : {}),
          items: s.prefixItems.map((item, i) => numberField(String(i), `${path}[${i}]`, item, required)),
        };
      }
      if (s.items && s.items.type === 'object') {
        return {
          kind: 'table',
          key,
          path,
          ...described,
          columns: fieldsOf(s.items, ''),
          minItems: s.minItems ?? 0,
          maxItems: s.maxItems ?? 100,
        };
      }
      return null;
    }
    default:
      return null;
  }
}

function fieldsOf(s: JsonSchema, parent: string): Field[] {
  const required = new Set(s.required ?? []);
  const out: Field[] = [];
  for (const [key, inner] of Object.entries(s.properties ?? {})) {
    if (parent === '' && PAGE_OWNED.has(key)) continue;
    const field = fieldOf(key, join(parent, key), inner, required.has(key));
    if (field) out.push(field);
  }
  return out;
}

const cache = new Map<SolverName, Field[]>();

/** The form of a solver: its request fields in schema order (page-owned ones left out). */
export function solverFields(solver: SolverName): Field[] {
  let fields = cache.get(solver);
  if (!fields) {
    const json = z.toJSONSchema(solverSchemas[solver], {
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema;
    fields = fieldsOf(json, '');
    cache.set(solver, fields);
  }
  return fields;
}

function show(value: unknown): DraftValue | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  return undefined;
}

/** A draft from request values (a stored run's parameters, a solver's starting values), defaults filling the rest. */
function draftOf(fields: Field[], values: Record<string, unknown>): Draft {
  const draft: Draft = {};
  for (const field of fields) {
    const value = values[field.key];
    switch (field.kind) {
      case 'group':
        draft[field.key] = draftOf(field.fields, (value as Record<string, unknown>) ?? {});
        break;
      case 'table':
        draft[field.key] = (Array.isArray(value) ? value : []).map((row) =>
          draftOf(field.columns, (row as Record<string, unknown>) ?? {}),
        );
        break;
      case 'pair':
        draft[field.key] = field.items.map((_, i) => (Array.isArray(value) ? (show(value[i]) ?? '') : ''));
        break;
      default:
        draft[field.key] = show(value) ?? show(field.default) ?? (field.kind === 'boolean' ? false : '');
    }
  }
  return draft;
}

/** The form as first shown: the schema's defaults, and a worked example where the schema has none. */
export function initialDraft(solver: SolverName): Draft {
  return draftOf(solverFields(solver), startingValues[solver] ?? {});
}

/** A stored run's parameters back in the form. */
export function draftFromParameters(solver: SolverName, parameters: Record<string, unknown>): Draft {
  return draftOf(solverFields(solver), parameters);
}

/** A new table row: the last one's values (a nearby charge is what one usually adds), else defaults. */
export function newRow(table: TableField, rows: Draft[]): Draft {
  const last = rows.at(-1);
  return last ? structuredClone(last) : draftOf(table.columns, {});
}

function parseNumber(text: string): number | string {
  const trimmed = text.trim();
  const n = Number(trimmed);
  // Number('') is 0 and Number('0x10') is 16: only plain decimal notation counts as a number.
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed) && Number.isFinite(n) ? n : trimmed;
}

/** The request body for a draft: empty optional fields left out, numbers parsed. */
export function toBody(fields: Field[], draft: Draft): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = draft[field.key];
    switch (field.kind) {
      case 'group': {
        const inner = toBody(field.fields, (value as Draft) ?? {});
        if (Object.keys(inner).length > 0) body[field.key] = inner;
        break;
      }
      case 'table':
        body[field.key] = ((value as Draft[]) ?? []).map((row) => toBody(field.columns, row));
        break;
      case 'pair': {
        const texts = (value as string[]) ?? [];
        if (texts.some((text) => text.trim() !== '')) body[field.key] = texts.map(parseNumber);
        break;
      }
      case 'number':
        if (typeof value === 'string' && value.trim() !== '') body[field.key] = parseNumber(value);
        else if (field.required) body[field.key] = undefined;
        break;
      case 'text':
      case 'choice':
        // '' is the unset choice: the solver picks (or the schema names the field as required).
        if (typeof value === 'string' && value !== '') body[field.key] = value;
        break;
      default:
        if (value !== undefined) body[field.key] = value;
    }
  }
  return body;
}

export type ValidationIssue =
  | { kind: 'required' }
  | { kind: 'number' }
  | { kind: 'integer' }
  | { kind: 'tooSmall'; min: number; inclusive: boolean }
  | { kind: 'tooBig'; max: number; inclusive: boolean }
  | { kind: 'other'; message: string };

/** Checks a body with the solver's schema; the first problem of each field, by path. */
export function validateBody(
  solver: SolverName,
  body: Record<string, unknown>,
): Record<string, ValidationIssue> {
  const parsed = solverSchemas[solver].safeParse(body, { reportInput: true });
  const issues: Record<string, ValidationIssue> = {};
  if (parsed.success) return issues;
  for (const issue of parsed.error.issues) {
    const path = pathOf(issue.path);
    if (issues[path]) continue;
    issues[path] = describe(issue);
  }
  return issues;
}

function describe(issue: z.core.$ZodIssue): ValidationIssue {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { kind: 'required' };
      return issue.expected === 'int' && typeof issue.input === 'number'
        ? { kind: 'integer' }
        : { kind: 'number' };
    case 'too_small':
      return typeof issue.minimum === 'number' && issue.origin === 'number'
        ? { kind: 'tooSmall', min: issue.minimum, inclusive: issue.inclusive ?? true }
        : { kind: 'other', message: issue.message };
    case 'too_big':
      return typeof issue.maximum === 'number' && issue.origin === 'number'
        ? { kind: 'tooBig', max: issue.maximum, inclusive: issue.inclusive ?? true }
        : { kind: 'other', message: issue.message };
    case 'invalid_format':
    case 'not_multiple_of':
      return { kind: 'integer' };
    default:
      return { kind: 'other', message: issue.message };
  }
}

/** Every number the form holds, by path (what a sweep can vary), figure options left out. */
export function numberPaths(
  fields: Field[],
  draft: Draft,
  parent = '',
): { path: string; field: NumberField }[] {
  const out: { path: string; field: NumberField }[] = [];
  for (const field of fields) {
    const path = join(parent, field.key);
    const value = draft[field.key];
    if (field.kind === 'number') out.push({ path, field });
    else if (field.kind === 'group' && field.key !== 'visualization') {
      out.push(...numberPaths(field.fields, (value as Draft) ?? {}, path));
    } else if (field.kind === 'table') {
      ((value as Draft[]) ?? []).forEach((row, i) => {
        out.push(...numberPaths(field.columns, row, `${path}[${i}]`));
      });
    }
  }
  return out;
}
