import { Alert, Badge, Button, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScrollTable } from '../../components/ScrollTable';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { formatNumber } from './field-text';
import { labKeys } from './keys';

/** How often a running sweep's progress is asked for. */
const POLL_MS = 1000;

/** "V/m" as a column's unit; pure numbers ('dimensionless', 'count') carry none. */
function unitSuffix(unit: string | undefined): string {
  return unit && unit !== 'dimensionless' && unit !== 'count' ? ` (${unit})` : '';
}

/** A sweep's live progress (polled), its cancel button, then its results table and summary figure. */
export function SweepProgress({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const progress = useQuery({
    queryKey: labKeys.sweep(taskId),
    queryFn: () => api.sim.sweepProgress(taskId),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? POLL_MS : false),
  });
  const done = progress.data !== undefined && progress.data.status !== 'processing';
  const results = useQuery({
    queryKey: labKeys.sweepResults(taskId),
    queryFn: () => api.sim.sweepResults(taskId),
    enabled: done,
  });
  const cancel = useMutation({
    mutationFn: () => api.sim.cancelSweep(taskId),
    onSuccess: (data) => queryClient.setQueryData(labKeys.sweep(taskId), data),
  });

  if (progress.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(progress.error, t)}
      </Alert>
    );
  }
  const p = progress.data;
  if (!p) return null;
  const finished = p.completed + p.failed;
  const percent = p.total_simulations > 0 ? Math.round((finished / p.total_simulations) * 100) : 0;

  const data = results.data;
  // The solver's declared physical metrics (never timings), those at least one run has.
  const metrics = data
    ? data.metric_definitions.filter((m) => data.runs.some((r) => r.metrics?.[m.name] !== undefined))
    : [];
  return (
    <Stack gap="sm" mt="md">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {t('lab.sweep.progress')}
        </Title>
        <SweepStatus status={p.status} />
      </Group>
      <Progress.Root size="lg" data-testid="sweep-progress" data-value={percent}>
        <Progress.Section
          value={percent}
          animated={p.status === 'processing'}
          aria-label={t('lab.sweep.progress')}
          aria-valuetext={t('lab.sweep.progressText', { done: finished, total: p.total_simulations })}
        />
      </Progress.Root>
      <Group justify="space-between">
        <Text size="sm" role="status">
          {t('lab.sweep.progressText', { done: finished, total: p.total_simulations })}
          {p.failed > 0 ? ` · ${t('lab.sweep.failedRuns', { count: p.failed })}` : ''}
          {p.status === 'processing' ? ` · ${t('lab.sweep.remaining', { seconds: p.estimated_time })}` : ''}
        </Text>
        {p.status === 'processing' && (
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            {t('lab.sweep.cancel')}
          </Button>
        )}
      </Group>
      {p.error && (
        <Alert color="red" role="alert">
          {p.error}
        </Alert>
      )}
      {cancel.isError && (
        <Alert color="red" role="alert">
          {errorMessage(cancel.error, t)}
        </Alert>
      )}
      {data?.summary && (
        <img
          src={`data:image/png;base64,${data.summary.png_base64}`}
          alt={t('lab.sweep.summaryAlt', { parameter: data.summary.parameter })}
          style={{ width: '100%', height: 'auto' }}
          data-testid="sweep-summary"
        />
      )}
      {data && (
        <ScrollTable minWidth={360}>
          <Table striped aria-label={t('lab.sweep.results')} data-testid="sweep-results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                {data.parameters.map((path) => (
                  <Table.Th key={path}>
                    <Text span ff="monospace" size="sm" fw={700}>
                      {path}
                    </Text>
                    {unitSuffix(data.parameter_units[path])}
                  </Table.Th>
                ))}
                <Table.Th>{t('lab.sweep.status')}</Table.Th>
                {metrics.map((m) => (
                  <Table.Th key={m.name} title={m.name}>
                    {m.label}
                    {unitSuffix(m.unit)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.runs.map((run) => (
                <Table.Tr key={run.run_index}>
                  <Table.Td>
                    {run.simulation_id ? (
                      <Link to={`/lab/${data.simulation_type}?run=${run.simulation_id}`}>
                        {run.run_index + 1}
                      </Link>
                    ) : (
                      run.run_index + 1
                    )}
                  </Table.Td>
                  {data.parameters.map((path) => (
                    <Table.Td key={path}>{formatNumber(run.values[path] ?? Number.NaN)}</Table.Td>
                  ))}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <SweepStatus status={run.status} />
                    {run.error && (
                      <Text size="xs" c="red.8">
                        {run.error.message}
                      </Text>
                    )}
                  </Table.Td>
                  {metrics.map((m) => {
                    const value = run.metrics?.[m.name];
                    return (
                      <Table.Td key={m.name}>{value === undefined ? '—' : formatNumber(value)}</Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}

const statusColours: Record<string, string> = {
  processing: 'blue',
  running: 'blue',
  pending: 'gray',
  completed: 'teal',
  failed: 'red',
  cancelled: 'gray',
};

function SweepStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={statusColours[status] ?? 'gray'}
      variant="light"
      style={{ overflow: 'visible' }}
      miw="max-content"
    >
      {t(`lab.sweep.statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}
