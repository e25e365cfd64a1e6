import { MAX_SWEEP_RUNS, probeSimulationTypes, sweepProbeSchema } from '@faraday/contracts';
import type { SolverName } from '@faraday/physics';
import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { getAt, setAt } from './api-paths';
import { fieldLabel, formatNumber, issueText } from './field-text';
import { labKeys } from './keys';
import { runErrorMessage } from './lab-errors';
import { SweepProgress } from './SweepProgress';
import { type Draft, type Field, numberPaths, validateBody } from './schema-form';
import { secondsPerRun } from './sweep-estimate';

interface Axis {
  path: string;
  start: string;
  end: string;
  steps: string;
}

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

function defaultAxis(path: string, current: unknown, max: number | undefined): Axis {
  const v = Number(current);
  const end = Number.isFinite(v) && v !== 0 ? 2 * v : (max ?? 1);
  const clipped = max !== undefined && end > max ? max : end;
  return { path, start: String(Number.isFinite(v) ? v : 0), end: String(clipped), steps: '5' };
}

/** One or two parameters of the form swept over linear ranges, as a task the server runs. */
export function SweepBuilder({ solver, fields, draft, body, valid, courseId, lastRun, openTaskId }: Props) {
  const { t } = useTranslation();
  const paths = numberPaths(fields, draft);
  const [axes, setAxes] = useState<Axis[]>(() => {
    const first = paths[0];
    return first ? [defaultAxis(first.path, getAt(body, first.path), first.field.max)] : [];
  });
  const [taskId, setTaskId] = useState<string | null>(openTaskId ?? null);
  useEffect(() => {
    if (openTaskId) setTaskId(openTaskId);
  }, [openTaskId]);
  const coordinateError = (text: string, bounds: { minValue: number | null; maxValue: number | null }) => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value)) return t('lab.validation.number');
    if (bounds.minValue !== null && value < bounds.minValue)
      return issueText(t, { kind: 'tooSmall', min: bounds.minValue, inclusive: true });
    if (bounds.maxValue !== null && value > bounds.maxValue)
      return issueText(t, { kind: 'tooBig', max: bounds.maxValue, inclusive: true });
    return undefined;
  };
  // Point charges, wires and the Laplace box report the field and potential at a point of one's choosing.
  const probes = (probeSimulationTypes as readonly string[]).includes(solver);
  const [probe, setProbe] = useState({ x: '', y: '' });
  const probeHintId = useId();
  const probeSet = probes && (probe.x.trim() !== '' || probe.y.trim() !== '');
  const probeErrors = {
    x: probeSet ? coordinateError(probe.x, sweepProbeSchema.shape.x) : undefined,
    y: probeSet ? coordinateError(probe.y, sweepProbeSchema.shape.y) : undefined,
  };

  const history = useQuery({
    queryKey: labKeys.historyPage(1, solver, 'timing'),
    queryFn: () => api.sim.history({ type: solver, limit: 10 }),
    enabled: lastRun === undefined,
  });

  const choose = (i: number, path: string) => {
    const field = paths.find((p) => p.path === path)?.field;
    setAxes((old) => old.map((a, j) => (j === i ? defaultAxis(path, getAt(body, path), field?.max) : a)));
  };
  const edit = (i: number, key: keyof Axis, value: string) =>
    setAxes((old) => old.map((a, j) => (j === i ? { ...a, [key]: value } : a)));

  // Each end of each range must itself be a valid value of that parameter: the solver's schema says.
  const axisErrors = axes.map((axis) => {
    const check = (text: string) => {
      if (text.trim() === '' || !Number.isFinite(Number(text))) return t('lab.validation.number');
      const issue = validateBody(solver, setAt(body, axis.path, Number(text)))[axis.path];
      return issue ? issueText(t, issue) : undefined;
    };
    const steps = Number(axis.steps);
    return {
      start: check(axis.start),
      end: check(axis.end),
      steps:
        Number.isInteger(steps) && steps >= 1 && steps <= MAX_SWEEP_RUNS
          ? undefined
          : t('lab.sweep.stepsRange', { max: MAX_SWEEP_RUNS }),
    };
  });
  const runs = axes.reduce((n, a) => n * (Number.isInteger(Number(a.steps)) ? Number(a.steps) : 0), 1);
  const duplicate = axes.length === 2 && axes[0]?.path === axes[1]?.path;
  const ready =
    valid &&
    axes.length > 0 &&
    !duplicate &&
    runs >= 1 &&
    runs <= MAX_SWEEP_RUNS &&
    axisErrors.every((e) => !e.start && !e.end && !e.steps) &&
    !probeErrors.x &&
    !probeErrors.y;

  // A sweep's history entry sums its runs' times: each of its runs took the mean.
  const recent = (history.data?.simulations ?? []).flatMap((entry) =>
    entry.kind === 'sweep'
      ? entry.sweep && entry.sweep.runs.length > 0
        ? [{ ...entry, computation_time: entry.computation_time / entry.sweep.runs.length }]
        : []
      : [entry],
  );
  const perRun = secondsPerRun(solver, body, lastRun, recent);

  const start = useMutation({
    mutationFn: () =>
      api.sim.startSweep({
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
      }),
    onSuccess: (task) => setTaskId(task.task_id),
  });

  // The API's path (what the sweep request names) with the field's label and unit beside it.
  const options = paths.map((p) => ({
    value: p.path,
    label: `${p.path} — ${fieldLabel(t, p.field)}${p.field.unit ? ` (${p.field.unit})` : ''}`,
  }));
  return (
    <Stack gap="sm">
      <Text size="sm">{t('lab.sweep.intro')}</Text>
      {axes.map((axis, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the first and second parameter are positions, at most two
        <Group key={`${i}-${axis.path}`} align="flex-start" gap="xs" wrap="wrap">
          <NativeSelect
            label={t('lab.sweep.parameter', { n: i + 1 })}
            data={options}
            value={axis.path}
            onChange={(event) => choose(i, event.currentTarget.value)}
            miw={160}
            error={i === 1 && duplicate ? t('lab.sweep.duplicate') : undefined}
          />
          <TextInput
            label={t('lab.from')}
            value={axis.start}
            onChange={(e) => edit(i, 'start', e.currentTarget.value)}
            error={axisErrors[i]?.start}
            w={120}
            inputMode="decimal"
          />
          <TextInput
            label={t('lab.to')}
            value={axis.end}
            onChange={(e) => edit(i, 'end', e.currentTarget.value)}
            error={axisErrors[i]?.end}
            w={120}
            inputMode="decimal"
          />
          <TextInput
            label={t('lab.sweep.steps')}
            value={axis.steps}
            onChange={(e) => edit(i, 'steps', e.currentTarget.value)}
            error={axisErrors[i]?.steps}
            w={90}
            inputMode="numeric"
          />
          {i === 1 && (
            <Button
              variant="subtle"
              color="red"
              mt={24}
              size="xs"
              onClick={() => setAxes((old) => old.slice(0, 1))}
            >
              {t('lab.sweep.removeSecond')}
            </Button>
          )}
        </Group>
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
      {probes && (
        <Group align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            label={t('lab.sweep.probeX')}
            value={probe.x}
            onChange={(e) => {
              // Read now: the updater runs after the event, when currentTarget is gone.
              const x = e.currentTarget.value;
              setProbe((old) => ({ ...old, x }));
            }}
            error={probeErrors.x}
            aria-describedby={probeHintId}
            w={200}
            inputMode="decimal"
          />
          <TextInput
            label={t('lab.sweep.probeY')}
            value={probe.y}
            onChange={(e) => {
              // Read now: the updater runs after the event, when currentTarget is gone.
              const y = e.currentTarget.value;
              setProbe((old) => ({ ...old, y }));
            }}
            error={probeErrors.y}
            aria-describedby={probeHintId}
            w={200}
            inputMode="decimal"
          />
          <Text size="xs" c="dimmed" w="100%" id={probeHintId}>
            {t('lab.sweep.probeHint')}
          </Text>
        </Group>
      )}
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
      <Button w="fit-content" disabled={!ready} loading={start.isPending} onClick={() => start.mutate()}>
        {t('lab.sweep.start')}
      </Button>
      {taskId && <SweepProgress taskId={taskId} />}
    </Stack>
  );
}
