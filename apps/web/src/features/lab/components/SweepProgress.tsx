import { Alert, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { useCancelSweep, useSweepProgress, useSweepResults } from '../api/sweeps';
import { SweepResultsTable } from './SweepResultsTable';
import { SweepStatus } from './SweepStatus';

/** A sweep's live progress (polled), its cancel button, then its results table and summary figure. */
export function SweepProgress({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const progress = useSweepProgress(taskId);
  const done = progress.data !== undefined && progress.data.status !== 'processing';
  const results = useSweepResults(taskId, done);
  const cancel = useCancelSweep(taskId);

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
      {data && <SweepResultsTable results={data} />}
    </Stack>
  );
}
