/**
 * A backend stopping while its runner has a claim in flight: stop() must not return before the
 * claim lands, or the run stays `running` under a process that is gone (until its lease
 * expires) — as a CI run once saw on MariaDB, where the claim's three statements take longest.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/shared/ids.js';
import { createBlobStore } from '../src/storage/create-blob-store.js';
import { InProcessSweepRunner } from '../src/sweeps/sweep-runner.js';
import { insertSweep } from '../src/sweeps/sweeps.repository.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { holdFirstUpdate } from './support/faults.js';
import { runsOf } from './support/sweeps.js';

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A sim service that takes requests and never answers: a claimed run stays claimed until aborted. */
async function silentSimService(): Promise<{ server: Server; url: string }> {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe.each(testDatabaseFactories())('the in-process sweep runner stopping on $name', (factory) => {
  let database: TestDatabase;
  let t: TestApp;
  let sim: { server: Server; url: string };

  beforeAll(async () => {
    database = await factory.create();
    t = await buildTestApp(database);
    sim = await silentSimService();
  });

  afterAll(async () => {
    sim?.server.closeAllConnections();
    sim?.server.close();
    await t?.app.close();
    await database?.drop();
  });

  it('waits for a claim in flight and gives its run back', async () => {
    const owner = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'student')
      .executeTakeFirstOrThrow();
    const taskId = newId();
    const now = new Date().toISOString();
    await insertSweep(
      t.app.db,
      {
        id: taskId,
        owner_id: owner.id,
        course_id: null,
        simulation_type: 'point_charges',
        base_parameters: JSON.stringify({ charges: [{ x: 0, y: 0, q: 1e-9 }], grid_size: 40 }),
        sweep_parameters: JSON.stringify({
          'charges[0].q': { type: 'linear', start: 1e-9, end: 2e-9, steps: 2 },
        }),
        output_format: 'summary',
        status: 'processing',
        total_simulations: 2,
        completed: 0,
        failed: 0,
        estimated_time: 1,
        created_at: now,
        updated_at: now,
      },
      [1e-9, 2e-9].map((q, run_index) => ({
        task_id: taskId,
        run_index,
        parameters: JSON.stringify({ charges: [{ x: 0, y: 0, q }], grid_size: 40 }),
        values: JSON.stringify({ 'charges[0].q': q }),
        status: 'pending',
        attempts: 0,
      })),
    );
    const held = holdFirstUpdate(t.app.db, 'sweep_runs');
    const runner = new InProcessSweepRunner(
      {
        db: held.db,
        blobs: createBlobStore(t.config.uploads),
        simServiceUrl: sim.url,
        serviceToken: t.config.ai.gatewayToken,
        settings: t.config.simulation,
      },
      quietLog,
      { concurrency: 1, pollMs: 60_000, leaseMs: 60_000, stopGraceMs: 50 },
    );

    await runner.dispatch();
    await held.reached; // the claim's UPDATE has run: the row says `running`, the runner does not know yet
    const stopped = runner.stop();
    held.release();
    await stopped;

    const runs = await runsOf(t.app.db, taskId);
    expect(runs.map((r) => r.status)).toEqual(['pending', 'pending']);
    // Claimed once and given back, not left behind and not claimed again after stop().
    expect(runs.map((r) => r.attempts)).toEqual([1, 0]);
  });
});
