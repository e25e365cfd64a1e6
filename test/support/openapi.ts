/**
 * Reads a service's `/openapi.json` generically (whatever its operationIds, tags or error
 * responses) and turns each operation into requests: a plausible baseline built from the
 * schemas, and the places where a string input goes. The NUL tests and the fuzz suite build
 * their cases from here, so a new route or field is covered without editing a list.
 */

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI schemas are open-ended JSON
export type Schema = Record<string, any>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, Schema>>;
  components?: { schemas?: Record<string, Schema> };
}

export type Where = 'params' | 'querystring' | 'body';

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path template, e.g. `/api/v1/courses/{course_id}`. */
  path: string;
  parameters: Parameter[];
  /** The media type of the body and its schema, when the operation documents one. */
  body?: { type: string; schema: Schema; required: boolean };
  secured: boolean;
}

/** A string input of an operation: where it is and the path to it (field names, 0 for an item). */
export interface StringInput {
  where: Where;
  path: Array<string | number>;
}

export interface RequestSpec {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function resolve(doc: OpenApiDocument, schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
    const name = current.$ref.split('/').pop() as string;
    current = doc.components?.schemas?.[name] ?? {};
  }
  return current;
}

/** The first object-like (or else the first) branch of a union, and allOf merged shallowly. */
function concrete(doc: OpenApiDocument, schema: Schema | undefined): Schema {
  const resolved = resolve(doc, schema);
  const branches = resolved.anyOf ?? resolved.oneOf;
  if (Array.isArray(branches) && branches.length > 0) {
    const options = branches.map((b: Schema) => resolve(doc, b)).filter((b: Schema) => b.type !== 'null');
    return concrete(doc, options.find((b: Schema) => b.type === 'object') ?? options[0] ?? {});
  }
  if (Array.isArray(resolved.allOf)) {
    const merged: Schema = { type: 'object', properties: {}, required: [] };
    for (const part of resolved.allOf) {
      const c = concrete(doc, part);
      Object.assign(merged.properties, c.properties);
      merged.required.push(...(c.required ?? []));
    }
    return merged;
  }
  return resolved;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const shared: Schema[] = Array.isArray(item.parameters) ? item.parameters : [];
      const own: Schema[] = Array.isArray(op.parameters) ? op.parameters : [];
      const parameters = [...shared, ...own]
        .filter((p: Schema) => p.in === 'path' || p.in === 'query')
        .map((p: Schema) => ({
          name: p.name as string,
          in: p.in as Parameter['in'],
          required: p.in === 'path' || p.required === true,
          schema: resolve(doc, p.schema),
        }));
      const content: Record<string, Schema> = op.requestBody?.content ?? {};
      const type = Object.keys(content).find((t) => t.includes('json')) ?? Object.keys(content)[0];
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters,
        ...(type === undefined
          ? {}
          : {
              body: {
                type,
                schema: resolve(doc, content[type]?.schema),
                required: op.requestBody?.required === true,
              },
            }),
        secured: Array.isArray(op.security ?? []) && (op.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

/** A value the schema accepts, as far as a generic reading can tell (deterministic). */
export function sampleValue(doc: OpenApiDocument, schema: Schema | undefined, depth = 0): unknown {
  const s = concrete(doc, schema);
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.example !== undefined) return s.example;
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return sampleNumber(s, type === 'integer');
    case 'boolean':
      return false;
    case 'array': {
      const count = Math.max(s.minItems ?? 0, depth < 4 ? 1 : 0);
      return Array.from({ length: count }, () => sampleValue(doc, s.items, depth + 1));
    }
    case 'object':
    case undefined: {
      if (!s.properties) return type === 'object' ? {} : 'sample';
      // Required fields only: the server's defaults fill the rest, which keeps the baseline valid.
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(s.properties as Record<string, Schema>)) {
        if ((s.required ?? []).includes(name)) out[name] = sampleValue(doc, prop, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}

/** 1 if the bounds allow it, else a value inside them. */
function sampleNumber(s: Schema, integer: boolean): number {
  const low =
    typeof s.minimum === 'number'
      ? s.minimum
      : typeof s.exclusiveMinimum === 'number'
        ? s.exclusiveMinimum
        : -1e6;
  const high =
    typeof s.maximum === 'number'
      ? s.maximum
      : typeof s.exclusiveMaximum === 'number'
        ? s.exclusiveMaximum
        : 1e6;
  if (low < 1 && 1 < high) return 1;
  if (low <= 1 && 1 <= high && s.exclusiveMinimum !== true && s.exclusiveMaximum !== true) return 1;
  const middle = (low + high) / 2;
  return integer ? Math.ceil(middle) : middle;
}

function sampleString(s: Schema): string {
  if (s.format === 'date-time') return '2030-01-01T00:00:00Z';
  if (s.format === 'email') return 'someone@example.edu';
  if (s.format === 'uri' || s.format === 'url') return 'http://127.0.0.1:9/x';
  if (
    typeof s.pattern === 'string' &&
    /\\d/.test(s.pattern) &&
    !/[a-z]/i.test(s.pattern.replace(/\\d/g, ''))
  ) {
    return '1';
  }
  const length = Math.min(Math.max(s.minLength ?? 1, 8), s.maxLength ?? 8);
  return 'Sample-x'.slice(0, length).padEnd(length, 'x');
}

/** Every string input of an operation: path and query parameters and the strings of its body. */
export function stringInputsOf(doc: OpenApiDocument, op: Operation): StringInput[] {
  const inputs: StringInput[] = op.parameters
    .filter((p) => isStringSchema(doc, p.schema))
    .map((p) => ({ where: p.in === 'path' ? 'params' : 'querystring', path: [p.name] }));
  if (op.body) {
    if (isStringSchema(doc, op.body.schema)) inputs.push({ where: 'body', path: [] });
    else collectBodyStrings(doc, op.body.schema, [], inputs, 0);
  }
  return inputs;
}

function isStringSchema(doc: OpenApiDocument, schema: Schema | undefined): boolean {
  const s = concrete(doc, schema);
  return s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
}

function collectBodyStrings(
  doc: OpenApiDocument,
  schema: Schema | undefined,
  path: Array<string | number>,
  into: StringInput[],
  depth: number,
): void {
  if (depth > 5) return;
  const s = concrete(doc, schema);
  if (isStringSchema(doc, s)) {
    into.push({ where: 'body', path });
    return;
  }
  if (s.type === 'array') collectBodyStrings(doc, s.items, [...path, 0], into, depth + 1);
  for (const [name, prop] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
    collectBodyStrings(doc, prop, [...path, name], into, depth + 1);
  }
}

/** The baseline inputs of an operation, which a case then changes in one place. */
export interface Inputs {
  params: Record<string, unknown>;
  querystring: Record<string, unknown>;
  body: unknown;
}

export function baselineInputs(doc: OpenApiDocument, op: Operation): Inputs {
  const params: Record<string, unknown> = {};
  const querystring: Record<string, unknown> = {};
  for (const p of op.parameters) {
    if (p.in === 'path') params[p.name] = sampleValue(doc, p.schema);
    else if (p.required) querystring[p.name] = sampleValue(doc, p.schema);
  }
  const body = op.body ? sampleValue(doc, op.body.schema) : undefined;
  return { params, querystring, body };
}

/** A copy of `inputs` with the value at `where`/`path` replaced. */
export function withValue(inputs: Inputs, input: StringInput, value: unknown): Inputs {
  const copy: Inputs = structuredClone(inputs);
  if (input.where === 'body' && input.path.length === 0) {
    copy.body = value;
    return copy;
  }
  if (input.where === 'body' && (copy.body === null || typeof copy.body !== 'object')) copy.body = {};
  let target = copy[input.where] as Record<string | number, unknown>;
  input.path.forEach((key, i) => {
    if (i === input.path.length - 1) {
      target[key] = value;
      return;
    }
    const next = input.path[i + 1];
    if (target[key] === null || typeof target[key] !== 'object')
      target[key] = typeof next === 'number' ? [] : {};
    target = target[key] as Record<string | number, unknown>;
  });
  return copy;
}

/** encodeURIComponent, except that a lone surrogate becomes bytes that are not UTF-8 (the server must refuse them). */
function encodeComponent(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split('')
      .map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch)))
      .join('');
  }
}

function encodeQuery(query: Record<string, unknown>): string {
  const pairs = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(
      ([k, v]) => `${encodeComponent(k)}=${encodeComponent(typeof v === 'string' ? v : JSON.stringify(v))}`,
    );
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

export function toRequest(op: Operation, inputs: Inputs, headers: Record<string, string> = {}): RequestSpec {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = inputs.params[name];
    return encodeComponent(typeof value === 'string' ? value : JSON.stringify(value ?? ''));
  });
  const spec: RequestSpec = {
    method: op.method,
    url: path + encodeQuery(inputs.querystring),
    headers: { ...headers },
  };
  if (op.body && inputs.body !== undefined) {
    const json = op.body.type.includes('json');
    spec.headers['content-type'] = op.body.type;
    spec.payload =
      json || typeof inputs.body !== 'string' ? JSON.stringify(inputs.body) : (inputs.body as string);
  }
  return spec;
}

/** `body.members.0.name`: how the server kit names a field in its refusals. */
export function fieldName(input: StringInput): string {
  return [input.where, ...input.path].join('.');
}

/** Any input of an operation, whatever its type, with its schema: what the fuzzer mutates. */
export interface TypedInput extends StringInput {
  schema: Schema;
}

export function inputsOf(doc: OpenApiDocument, op: Operation): TypedInput[] {
  const inputs: TypedInput[] = op.parameters.map((p) => ({
    where: p.in === 'path' ? 'params' : 'querystring',
    path: [p.name],
    schema: p.schema,
  }));
  if (op.body) {
    inputs.push({ where: 'body', path: [], schema: op.body.schema });
    collectBodyInputs(doc, op.body.schema, [], inputs, 0);
  }
  return inputs;
}

function collectBodyInputs(
  doc: OpenApiDocument,
  schema: Schema | undefined,
  path: Array<string | number>,
  into: TypedInput[],
  depth: number,
): void {
  if (depth > 5) return;
  const s = concrete(doc, schema);
  if (s.type === 'array') {
    into.push({ where: 'body', path: [...path, 0], schema: concrete(doc, s.items) });
    collectBodyInputs(doc, s.items, [...path, 0], into, depth + 1);
  }
  for (const [name, prop] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
    into.push({ where: 'body', path: [...path, name], schema: concrete(doc, prop) });
    collectBodyInputs(doc, prop, [...path, name], into, depth + 1);
  }
}
