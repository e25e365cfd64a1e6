import { expandCompactArrays } from '@faraday/contracts';
import { isSolverName, type SolverName, solvers } from '@faraday/physics';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { setAt } from './api-paths';
import { labKeys, useMyCourses } from './keys';
import { runErrorMessage, serverFieldErrors } from './lab-errors';
import { RunResults, type Shown } from './RunResults';
import { SolverForm } from './SolverForm';
import { SweepBuilder } from './SweepBuilder';
import {
  type Draft,
  draftFromParameters,
  initialDraft,
  solverFields,
  toBody,
  validateBody,
} from './schema-form';

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
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const runId = search.get('run');
  const sweepId = search.get('sweep');
  const fields = useMemo(() => solverFields(solver), [solver]);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(solver));
  const [courseId, setCourseId] = useState('');
  const [title, setTitle] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const courses = useMyCourses();
  const resultRef = useRef<HTMLDivElement>(null);

  const body = useMemo(() => toBody(fields, draft), [fields, draft]);
  const issues = useMemo(() => validateBody(solver, body), [solver, body]);
  const valid = Object.keys(issues).length === 0;

  const run = useMutation({
    // float32 arrays: a third of the bytes of JSON numbers and no number parsing, so the figure
    // shows sooner; plenty for the hover readout (4 digits). The download is data.json, whole.
    mutationFn: async (request: Record<string, unknown>) =>
      expandCompactArrays(await api.sim.run(solver, request, { arrays: 'float32' })) as Awaited<
        ReturnType<typeof api.sim.run>
      >,
    onSuccess: (output, request) => {
      setShown({ id: output.simulation_id, output, body: request, fresh: true });
      void queryClient.invalidateQueries({ queryKey: labKeys.history });
    },
  });

  // A past run opened from the history: its figure, its numbers (data.json) and its parameters.
  const past = useQuery({
    queryKey: labKeys.run(runId ?? ''),
    enabled: runId !== null,
    queryFn: async () => {
      const id = runId as string;
      const [detail, data] = await Promise.all([api.sim.result(id), api.sim.data(id).then((b) => b.text())]);
      const stored = JSON.parse(data) as { output?: Record<string, unknown> };
      return { detail, output: stored.output ?? {} };
    },
  });
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

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    // The figure's own labels in the user's language (plot's `lang`; not a solver field).
    const lang = i18n.language.startsWith('zh') ? 'zh' : undefined;
    run.mutate({
      ...body,
      ...(lang ? { visualization: { ...(body.visualization as object), lang } } : {}),
      output_type: outputTypeFor(solver),
      ...(courseId ? { course_id: courseId } : {}),
      // The placeholder's promise: an untitled run is filed under the solver's name in the user's language.
      title: title.trim() || t(`lab.solvers.${solver}`),
    });
  };

  // On a phone the result is below the form: bring a new one into view when it is off screen.
  useEffect(() => {
    if (!shown?.fresh) return;
    const top = resultRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top > window.innerHeight * 0.6)
      resultRef.current?.scrollIntoView?.({ behavior: 'smooth' });
  }, [shown]);

  const stale = shown !== null && !sameParameters(solver, shown.body, body);
  const serverErrors = serverFieldErrors(run.error);
  const invalidCount = Object.keys(issues).length;

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
          <Paper
            withBorder
            p="sm"
            component="form"
            onSubmit={submit}
            noValidate
            aria-label={t('lab.parameters')}
          >
            <Stack gap="sm">
              <Title order={3} size="h4">
                {t('lab.parameters')}
              </Title>
              <SolverForm
                fields={fields}
                draft={draft}
                onChange={setDraft}
                errors={{ issues, server: serverErrors }}
              />
              <NativeSelect
                label={t('lab.course')}
                description={t('lab.courseHint')}
                data={[{ value: '', label: t('lab.noCourse') }, ...(courses.data ?? [])]}
                value={courseId}
                onChange={(event) => setCourseId(event.currentTarget.value)}
              />
              <TextInput
                label={t('lab.runTitle')}
                placeholder={t(`lab.solvers.${solver}`)}
                value={title}
                maxLength={200}
                onChange={(event) => setTitle(event.currentTarget.value)}
              />
              {!valid && (
                <Text size="sm" c="red.8" role="status">
                  {t('lab.fixFields', { count: invalidCount })}
                </Text>
              )}
              <Button type="submit" loading={run.isPending} disabled={!valid}>
                {t('lab.run')}
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }} ref={resultRef} style={{ scrollMarginTop: 64 }}>
          <Tabs defaultValue={sweepId ? 'sweep' : 'result'} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="result">{t('lab.result')}</Tabs.Tab>
              <Tabs.Tab value="sweep">{t('lab.sweep.title')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="result" pt="sm">
              <Stack gap="sm">
                {run.isError && (
                  <Alert color="red" role="alert" title={t('lab.errors.title')} data-testid="run-error">
                    {runErrorMessage(run.error, t)}
                  </Alert>
                )}
                {run.isPending && (
                  <Text size="sm" role="status">
                    {t('lab.running')}
                  </Text>
                )}
                {stale && !run.isPending && (
                  <Badge variant="light" color="yellow" w="fit-content">
                    {t('lab.stale')}
                  </Badge>
                )}
                {shown ? (
                  <RunResults
                    solver={solver}
                    shown={shown}
                    busy={run.isPending}
                    draft={draft}
                    onMove={(table, index, x, y) =>
                      setDraft((d) =>
                        setAt(setAt(d, `${table}[${index}].x`, String(x)), `${table}[${index}].y`, String(y)),
                      )
                    }
                  />
                ) : (
                  !run.isPending &&
                  !past.isPending && (
                    <Text c="dimmed" py="xl">
                      {t('lab.noResult')}
                    </Text>
                  )
                )}
              </Stack>
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
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** Whether two bodies ask the same computation (defaults filled, figure and record fields aside). */
function sameParameters(solver: SolverName, a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const normal = (body: Record<string, unknown>) => {
    const { output_type: _o, course_id: _c, title: _t, visualization, ...rest } = body;
    if (visualization && typeof visualization === 'object') {
      const { lang: _l, ...figure } = visualization as Record<string, unknown>;
      rest.visualization = figure;
    }
    const parsed = solvers[solver].schema.safeParse(rest);
    return JSON.stringify(parsed.success ? parsed.data : rest);
  };
  return normal(a) === normal(b);
}
