/**
 * The web app builds its solver forms from `@faraday/physics/schemas`; the package root would
 * bring every solver and numerical method into the browser. This builds the app as production
 * does (in memory, nothing written) and reads which source modules each chunk holds.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rollup } from 'vite';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const webRoot = `${root}apps/web`;

/** Every source module in the built chunks, relative to the repository, by chunk file name. */
async function bundledModules(): Promise<Map<string, string[]>> {
  const output = await build({
    root: webRoot,
    configFile: `${webRoot}/vite.config.ts`,
    logLevel: 'silent',
    build: { write: false },
  });
  const results = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  const chunks = new Map<string, string[]>();
  for (const result of results) {
    for (const item of result.output) {
      if (item.type === 'chunk')
        chunks.set(
          item.fileName,
          Object.keys(item.modules).map((id) => relative(root, id)),
        );
    }
  }
  return chunks;
}

describe('the web app bundle', () => {
  it('holds the solvers’ request schemas and none of their numerics', async () => {
    const chunks = await bundledModules();
    const modules = [...chunks.values()].flat();
    // The lab's forms are there, and the schemas they read.
    expect(modules.some((id) => id.startsWith('packages/physics/') && id.includes('/schemas/'))).toBe(true);
    const solverCode = modules.filter((id) =>
      /^packages\/physics\/(dist|src)\/(solvers|numerics)\//.test(id),
    );
    expect(solverCode).toEqual([]);
  });
});
