import { isSolverName, type SolverName } from '@faraday/physics/schemas';
import { Alert, Anchor, Box, Grid, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/errors';
import { type Shown, usePastRun, useRunSolver } from '../api/runs';
import { ParametersForm } from '../components/ParametersForm';
import { ResultPanel } from '../components/ResultPanel';
import { SweepBuilder } from '../components/SweepBuilder';
import { useLiveRecompute } from '../hooks/useLiveRecompute';
import { setAt } from '../utils/api-paths';
import { serverFieldErrors } from '../utils/lab-errors';
import { recomputesLive } from '../utils/live';
import { phoneFigureSize, setsFigureSize } from '../utils/phone-figure';
import { sameParameters } from '../utils/same-parameters';
import {
  type Draft,
  draftFromParameters,
  initialDraft,
  solverFields,
  toBody,
  validateBody,
} from '../utils/schema-form';

/** /lab/:solver — one solver's form, its last figure and numbers, and the sweep builder. */
export default function SolverPage() {
  const { solver } = useParams();
  if (!solver || !isSolverName(solver)) return <Navigate to="/lab" replace />;
  return <SolverLab key={solver} solver={solver} />;
}

/** What the page asks for besides the solver's fields: the SVG too (downloads, hover), or wave_1d's frames. */
function outputTypeFor(solver: SolverName) {
  return solver === 'wave_1d' ? 'animation' : 'svg';
}

function SolverLab({ solver }: { solver: SolverName }) {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const runId = search.get('run');
  const sweepId = search.get('sweep');
  const fields = useMemo(() => solverFields(solver), [solver]);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(solver));
  const [courseId, setCourseId] = useState('');
  const [title, setTitle] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const body = useMemo(() => toBody(fields, draft), [fields, draft]);
  const issues = useMemo(() => validateBody(solver, body), [solver, body]);
  const valid = Object.keys(issues).length === 0;

  const run = useRunSolver(solver, (output, request) =>
    setShown({ id: output.simulation_id, output, body: request, fresh: true }),
  );

  // A past run opened from the history: its figure, its numbers (data.json) and its parameters.
  const past = usePastRun(runId);
  useEffect(() => {
    if (!past.data) return;
    const { detail, output } = past.data;
    setDraft(draftFromParameters(solver, detail.parameters));
    setCourseId(detail.course_id ?? '');
    setTitle(detail.title);
    setShown({
      id: detail.id,
      output: { ...output, png_base64: detail.results.png_base64, metadata: detail.metadata },
      body: detail.parameters,
      fresh: false,
    });
  }, [past.data, solver]);

  // One run at a time: a newer one (Run again, or a live update) cancels the one in flight.
  const inFlight = useRef<AbortController | null>(null);
  const start = () => {
    // The figure's own labels in the user's language (plot's `lang`; not a solver field).
    const lang = i18n.language.startsWith('zh') ? 'zh' : undefined;
    // On a phone a figure drawn for the column, so its labels stay readable (unless a size is set).
    const fit = setsFigureSize(body.visualization) ? null : phoneFigureSize(window.innerWidth);
    const figure = { ...(fit ?? {}), ...(lang ? { lang } : {}) };
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    run.mutate({
      request: {
        ...body,
        ...(Object.keys(figure).length > 0
          ? { visualization: { ...(body.visualization as object), ...figure } }
          : {}),
        output_type: outputTypeFor(solver),
        ...(courseId ? { course_id: courseId } : {}),
        // The placeholder's promise: an untitled run is filed under the solver's name in the user's language.
        title: title.trim() || t(`lab.solvers.${solver}`),
      },
      signal: controller.signal,
    });
  };
  useEffect(() => () => inFlight.current?.abort(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) start();
  };

  const stale = shown !== null && !sameParameters(solver, shown.body, body);
  const liveCapable = useMemo(() => recomputesLive(solver, body), [solver, body]);
  const [live, setLive] = useState(true);
  const livePausedFor = useLiveRecompute({
    active: live && liveCapable && valid && stale && !(runId && past.isPending),
    body,
    error: run.error,
    start,
  });

  // After Run the result must be in view: below the form on a phone, or scrolled away above it.
  useEffect(() => {
    if (!shown?.fresh) return;
    const top = resultRef.current?.getBoundingClientRect().top;
    if (top !== undefined && (top < 0 || top > window.innerHeight * 0.6))
      resultRef.current?.scrollIntoView?.({ behavior: 'smooth' });
  }, [shown]);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Anchor component={Link} to="/lab" size="sm">
            ← {t('nav.lab')}
          </Anchor>
          <Title order={2}>{t(`lab.solvers.${solver}`)}</Title>
          <Text size="sm" c="dimmed">
            {t(`lab.about.${solver}`)}
          </Text>
        </div>
        <Anchor component={Link} to={`/lab/history?type=${solver}`}>
          {t('lab.history.title')}
        </Anchor>
      </Group>
      {past.isError && (
        <Alert color="red" role="alert">
          {errorMessage(past.error, t)}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <ParametersForm
            solver={solver}
            fields={fields}
            draft={draft}
            onDraft={setDraft}
            errors={{ issues, server: serverFieldErrors(run.error) }}
            courseId={courseId}
            onCourseId={setCourseId}
            title={title}
            onTitle={setTitle}
            running={run.isPending}
            onSubmit={submit}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          {/* Beside a long form the result stays in view while the form scrolls (PhET keeps its play area still). */}
          <Box
            ref={resultRef}
            data-testid="result-column"
            pos={{ base: 'static', md: 'sticky' }}
            top={{ md: 72 }}
            style={{ scrollMarginTop: 64 }}
          >
            <Tabs defaultValue={sweepId ? 'sweep' : 'result'} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="result">{t('lab.result')}</Tabs.Tab>
                <Tabs.Tab value="sweep">{t('lab.sweep.title')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="result" pt="sm">
                <ResultPanel
                  solver={solver}
                  shown={shown}
                  stale={stale}
                  live={liveCapable ? { on: live, onChange: setLive, pausedFor: livePausedFor } : undefined}
                  running={run.isPending}
                  runError={run.error}
                  loadingPast={past.isPending}
                  draft={draft}
                  onMove={(table, index, x, y) =>
                    setDraft((d) =>
                      setAt(setAt(d, `${table}[${index}].x`, String(x)), `${table}[${index}].y`, String(y)),
                    )
                  }
                />
              </Tabs.Panel>
              <Tabs.Panel value="sweep" pt="sm">
                <SweepBuilder
                  solver={solver}
                  fields={fields}
                  draft={draft}
                  body={body}
                  valid={valid}
                  courseId={courseId}
                  openTaskId={sweepId ?? undefined}
                  lastRun={
                    shown
                      ? { metadata: shown.output.metadata as Record<string, unknown>, body: shown.body }
                      : undefined
                  }
                />
              </Tabs.Panel>
            </Tabs>
          </Box>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
