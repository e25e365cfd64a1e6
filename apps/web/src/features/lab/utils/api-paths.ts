/** Values in request bodies and drafts by the API's own path syntax: `charges[0].q`, `surface.radius`. */

/** `['charges', 0, 'q']` → `charges[0].q`, the API's own path syntax. */
export function pathOf(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path)
    out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  return out;
}

/** Reads a value at an API path (`charges[0].q`) from a body or draft. */
export function getAt(value: unknown, path: string): unknown {
  const keys = path.match(/[^.[\]]+/g) ?? [];
  let node = value;
  for (const key of keys) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A copy of `value` with the value at `path` replaced (arrays and objects copied along the way). */
export function setAt<T>(value: T, path: string, next: unknown): T {
  const keys = path.match(/[^.[\]]+/g) ?? [];
  const write = (node: unknown, depth: number): unknown => {
    const key = keys[depth] as string;
    if (depth === keys.length) return next;
    if (Array.isArray(node)) {
      const copy = [...node];
      copy[Number(key)] = write(copy[Number(key)], depth + 1);
      return copy;
    }
    const object = (node ?? {}) as Record<string, unknown>;
    return { ...object, [key]: write(object[key], depth + 1) };
  };
  return write(value, 0) as T;
}
