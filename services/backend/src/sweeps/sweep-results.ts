import type { SimulationType, SweepRunStatus, SweepStatus } from '@faraday/contracts';
import { renderSweepSummary, type SweepSummaryInput } from '@faraday/plot';
import type { Principal } from '../auth/principal.js';
import type { SimulationContext } from '../simulations/simulation-context.js';
import { BlobNotFoundError } from '../storage/blob-store.js';
import { metricDefinitions, parameterUnit } from './metric-catalogue.js';
import { finishedRunOf, sweepShape } from './sweep-finish.js';
import { summaryInput } from './sweep-metrics.js';
import { listRuns, type SweepRunRow } from './sweeps.repository.js';
import { visibleTask } from './sweeps.service.js';

async function readBlob(ctx: SimulationContext, key: string): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await ctx.blobs.open(key)) chunks.push(chunk as Buffer);
  } catch (error) {
    // A figure that is gone is left out; storage being down is answered as such (503).
    if (error instanceof BlobNotFoundError) return undefined;
    throw error;
  }
  return Buffer.concat(chunks);
}

function toRunView(row: SweepRunRow) {
  return {
    run_index: row.run_index,
    values: JSON.parse(row.values) as Record<string, number>,
    status: row.status as SweepRunStatus,
    metrics: row.metrics ? (JSON.parse(row.metrics) as Record<string, number>) : null,
    simulation_id: row.simulation_id,
    error: row.error ? (JSON.parse(row.error) as { code: string; message: string }) : null,
    attempts: row.attempts,
  };
}

/**
 * The summary figure in the reader's language: the stored one is English; Chinese is drawn from the
 * same runs when asked for (the stored figure if drawing fails).
 */
async function summaryFigure(stored: Buffer, input: SweepSummaryInput, lang: 'en' | 'zh'): Promise<Buffer> {
  if (lang === 'en') return stored;
  return renderSweepSummary(input, { lang }, 'png').catch(() => stored);
}

/** GET …/results: every run with its values, status, metrics and record, and the figure once done. */
export async function sweepResults(
  ctx: SimulationContext,
  principal: Principal,
  taskId: string,
  lang: 'en' | 'zh' = 'en',
) {
  const task = await visibleTask(ctx.db, principal, taskId);
  const rows = await listRuns(ctx.db, task.id);
  const shape = sweepShape(task);
  let summary: {
    png_base64: string;
    parameter: string;
    metrics: string[];
    layout: 'curves' | 'heatmap';
  } | null = null;
  const png = task.summary_blob_key ? await readBlob(ctx, task.summary_blob_key) : undefined;
  const input = png ? summaryInput(shape, rows.map(finishedRunOf)) : undefined;
  if (png && input) {
    summary = {
      png_base64: (await summaryFigure(png, input, lang)).toString('base64'),
      parameter: input.x.parameter,
      metrics: input.metrics.map((m) => m.name),
      layout: input.grid ? 'heatmap' : 'curves',
    };
  }
  return {
    task_id: task.id,
    status: task.status as SweepStatus,
    simulation_type: task.simulation_type as SimulationType,
    parameters: shape.axes.map((a) => a.path),
    probe: shape.probe,
    metric_definitions: metricDefinitions(shape.type, shape.probe),
    parameter_units: Object.fromEntries(shape.axes.map((a) => [a.path, parameterUnit(shape.type, a.path)])),
    total_simulations: task.total_simulations,
    completed: task.completed,
    failed: task.failed,
    runs: rows.map(toRunView),
    summary,
  };
}
