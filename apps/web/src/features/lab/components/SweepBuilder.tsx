import { MAX_SWEEP_RUNS, probeSimulationTypes, sweepProbeSchema } from '@faraday/contracts';
import type { SolverName } from '@faraday/physics/schemas';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { useRecentRuns } from '../api/history';
import { useStartSweep } from '../api/sweeps';
import { getAt } from '../utils/api-paths';
import { formatNumber, pathLabel } from '../utils/field-text';
import { runErrorMessage } from '../utils/lab-errors';
import { type Draft, type Field, numberPaths } from '../utils/schema-form';
import { secondsPerRun } from '../utils/sweep-estimate';
import {
  type Axis,
  axisErrors,
  coordinateError,
  defaultAxis,
  gridLimitBreach,
  runCount,
  timedRuns,
} from '../utils/sweep-form';
import { type Probe, ProbeInputs } from './ProbeInputs';
import { SweepAxisRow } from './SweepAxisRow';
import { SweepProgress } from './SweepProgress';

interface Props {
  solver: SolverName;
  fields: Field[];
  draft: Draft;
  body: Record<string, unknown>;
  valid: boolean;
  courseId: string;
  /** The run on screen (its metadata and request): its timings estimate a sweep's duration. */
  lastRun: { metadata: Record<string, unknown>; body: Record<string, unknown> } | undefined;
  /** A sweep opened from the history (`?sweep=<task_id>`): its progress and results are shown. */
  openTaskId?: string | undefined;
}

/** One or two parameters of the form swept over linear ranges, as a task the server runs. */
export function SweepBuilder({ solver, fields, draft, body, valid, courseId, lastRun, openTaskId }: Props) {
  const { t, i18n } = useTranslation();
  const paths = numberPaths(fields, draft);
  const [axes, setAxes] = useState<Axis[]>(() => {
    const first = paths[0];
    return first ? [defaultAxis(first.path, getAt(body, first.path), first.field.max)] : [];
  });
  const [taskId, setTaskId] = useState<string | null>(openTaskId ?? null);
  useEffect(() => {
    if (openTaskId) setTaskId(openTaskId);
  }, [openTaskId]);
  // Point charges, wires and the Laplace box report the field and potential at a point of one's choosing.
  const probes = (probeSimulationTypes as readonly string[]).includes(solver);
  const [probe, setProbe] = useState<Probe>({ x: '', y: '' });
  const probeSet = probes && (probe.x.trim() !== '' || probe.y.trim() !== '');
  const probeErrors = {
    x: probeSet ? coordinateError(t, probe.x, sweepProbeSchema.shape.x) : undefined,
    y: probeSet ? coordinateError(t, probe.y, sweepProbeSchema.shape.y) : undefined,
  };

  const history = useRecentRuns(solver, lastRun === undefined);

  const choose = (i: number, path: string) => {
    const field = paths.find((p) => p.path === path)?.field;
    setAxes((old) => old.map((a, j) => (j === i ? defaultAxis(path, getAt(body, path), field?.max) : a)));
  };
  const edit = (i: number, key: keyof Axis, value: string) =>
    setAxes((old) => old.map((a, j) => (j === i ? { ...a, [key]: value } : a)));

  // Every planned run is checked against the schema: once per change of the form or the ranges.
  const errors = useMemo(() => axisErrors(t, solver, body, axes), [t, solver, body, axes]);
  const runs = runCount(axes);
  const duplicate = axes.length === 2 && axes[0]?.path === axes[1]?.path;
  const breach = useMemo(() => gridLimitBreach(solver, body, axes), [solver, body, axes]);
  const ready =
    valid &&
    axes.length > 0 &&
    !duplicate &&
    runs >= 1 &&
    runs <= MAX_SWEEP_RUNS &&
    !breach &&
    errors.every((e) => !e.start && !e.end && !e.steps && !e.values) &&
    !probeErrors.x &&
    !probeErrors.y;

  const perRun = secondsPerRun(solver, body, lastRun, timedRuns(history.data?.simulations ?? []));

  const start = useStartSweep(setTaskId);
  const startSweep = () =>
    start.mutate({
      simulation_type: solver,
      // wave_1d would render its animation in every run; the sweep only keeps numbers and a still.
      base_parameters: solver === 'wave_1d' ? { ...body, output_type: 'png_base64' } : body,
      sweep_parameters: Object.fromEntries(
        axes.map((a) => [
          a.path,
          { type: 'linear', start: Number(a.start), end: Number(a.end), steps: Number(a.steps) },
        ]),
      ),
      ...(probeSet ? { probe: { x: Number(probe.x), y: Number(probe.y) } } : {}),
      ...(courseId ? { course_id: courseId } : {}),
    });

  // The API's path (what the sweep request names) with the field's label and unit beside it.
  const options = paths.map((p) => ({
    value: p.path,
    label: pathLabel(t, fields, p.path),
  }));
  return (
    <Stack gap="sm">
      <Text size="sm">{t('lab.sweep.intro')}</Text>
      {axes.map((axis, i) => (
        <SweepAxisRow
          // biome-ignore lint/suspicious/noArrayIndexKey: the first and second parameter are positions, at most two
          key={`${i}-${axis.path}`}
          n={i + 1}
          axis={axis}
          options={options}
          errors={{ ...errors[i], path: i === 1 && duplicate ? t('lab.sweep.duplicate') : undefined }}
          onPath={(path) => choose(i, path)}
          onEdit={(key, value) => edit(i, key, value)}
          onRemove={i === 1 ? () => setAxes((old) => old.slice(0, 1)) : undefined}
        />
      ))}
      {axes.length === 1 && paths.length > 1 && (
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          onClick={() => {
            const other = paths.find((p) => p.path !== axes[0]?.path) ?? paths[0];
            if (other)
              setAxes((old) => [...old, defaultAxis(other.path, getAt(body, other.path), other.field.max)]);
          }}
        >
          {t('lab.sweep.addSecond')}
        </Button>
      )}
      {probes && <ProbeInputs probe={probe} onChange={setProbe} errors={probeErrors} />}
      <Text size="sm" fw={600} data-testid="sweep-estimate">
        {t('lab.sweep.runs', { count: runs })}
        {' · '}
        {perRun === undefined
          ? t('lab.sweep.estimateUnknown')
          : t('lab.sweep.estimate', { seconds: formatNumber(Math.max(1, Math.ceil(runs * perRun)), 3) })}
      </Text>
      {runs > MAX_SWEEP_RUNS && (
        <Text size="sm" c="red.8">
          {t('lab.sweep.tooMany', { max: MAX_SWEEP_RUNS })}
        </Text>
      )}
      {breach && (
        <Text size="sm" c="red.8" data-testid="sweep-grid-limit">
          {t('lab.sweep.gridLimit', {
            points: breach.points.toLocaleString(i18n.language),
            limit: breach.limit.toLocaleString(i18n.language),
          })}
        </Text>
      )}
      {!valid && (
        <Text size="sm" c="red.8">
          {t('lab.sweep.fixForm')}
        </Text>
      )}
      {start.isError && (
        <Alert color="red" role="alert">
          {runErrorMessage(start.error, t) || errorMessage(start.error, t)}
        </Alert>
      )}
      <Button w="fit-content" disabled={!ready} loading={start.isPending} onClick={startSweep}>
        {t('lab.sweep.start')}
      </Button>
      {taskId && <SweepProgress taskId={taskId} />}
    </Stack>
  );
}
