import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium, screenshotDir } from '../support/browser.js';
import { describeWith } from '../support/optional-parts.js';
import { buildServices, openApiOf, type RunningServices, serviceNames } from './services.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

interface Operation {
  summary?: string;
  tags?: string[];
}

type Paths = Record<string, Record<string, Operation>>;

/** Summaries of the document's operations (of one tag if given), as the reference lists them. */
function summariesOf(document: Record<string, unknown>, tag?: string): string[] {
  return Object.values(document.paths as Paths).flatMap((item) =>
    Object.values(item).flatMap((operation) =>
      operation.summary && (tag === undefined || operation.tags?.[0] === tag) ? [operation.summary] : [],
    ),
  );
}

/** The document's paths with their parameters as the reference prints them ({course_id}). */
function pathsOf(document: Record<string, unknown>): string[] {
  return Object.keys(document.paths as Paths);
}

describeWith(['chromium'], '/docs of each service, offline', ({ chromium }) => {
  let services: RunningServices;
  let browser: Browser;
  const addresses: Record<string, string> = {};

  beforeAll(async () => {
    services = await buildServices();
    for (const name of serviceNames) {
      addresses[name] = await services.apps[name].listen({ host: '127.0.0.1', port: 0 });
    }
    browser = await launchChromium(chromium);
  });
  afterAll(async () => {
    await browser?.close();
    await services?.close();
  });

  it.each(serviceNames)('%s: renders its operations and requests nothing off this machine', async (name) => {
    const page = await browser.newPage();
    const outside: string[] = [];
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === 'data:' || url.protocol === 'blob:' || LOOPBACK.has(url.hostname)) {
        return route.continue();
      }
      outside.push(url.href);
      return route.abort('blockedbyclient');
    });
    page.on('websocket', (socket) => outside.push(socket.url()));
    try {
      await page.goto(`${addresses[name]}/docs/`, { waitUntil: 'networkidle' });
      expect(await page.title()).toMatch(/^Faraday API/);
      if (name === 'backend') expect(await page.title()).toBe('Faraday API');
      const document = await openApiOf(services.apps[name]);
      const summaries = summariesOf(document);
      expect(summaries.length).toBeGreaterThan(1);
      // The first section opens by default: its operations are listed in the sidebar.
      const firstTag = (document.tags as { name: string }[])[0]?.name ?? '';
      await page
        .getByText(summariesOf(document, firstTag)[0] ?? '', { exact: true })
        .filter({ visible: true })
        .first()
        .waitFor({ timeout: 20_000 });
      // Every operation is rendered: each section's operation list names its path (sections
      // render progressively, so wait for them).
      const paths = pathsOf(document);
      await page
        .waitForFunction(
          (all) => {
            // Runs in the page (this file is type-checked without the DOM library).
            const inPage = globalThis as unknown as { document: { body: { textContent: string | null } } };
            return all.every((path) => inPage.document.body.textContent?.includes(path));
          },
          paths,
          {
            timeout: 20_000,
          },
        )
        .catch(() => undefined);
      const text = (await page.locator('body').textContent()) ?? '';
      expect(paths.filter((path) => !text.includes(path))).toEqual([]);
      // The vendor's online features are off.
      for (const feature of ['Ask AI', 'Generate MCP', 'Deploy', 'Share']) {
        expect(await page.getByText(feature, { exact: true }).count(), feature).toBe(0);
      }
      mkdirSync(join(screenshotDir, 'docs'), { recursive: true });
      await page.screenshot({ path: join(screenshotDir, 'docs', `${name}.png`) });
      expect(outside).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
