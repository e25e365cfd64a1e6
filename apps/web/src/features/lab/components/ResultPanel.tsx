import type { SolverName } from '@faraday/physics/schemas';
import { Alert, Badge, Group, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Shown } from '../api/runs';
import { runErrorMessage } from '../utils/lab-errors';
import type { Draft } from '../utils/schema-form';
import { RunResults } from './RunResults';

interface Props {
  solver: SolverName;
  shown: Shown | null;
  /** The run on screen was asked with other parameters than the form now holds. */
  stale: boolean;
  /** Live updates, for a request that recomputes live: on or off, and seconds paused by the rate limit. */
  live: { on: boolean; onChange: (on: boolean) => void; pausedFor: number } | undefined;
  running: boolean;
  runError: unknown;
  /** A past run is still loading (no "no result yet" meanwhile). */
  loadingPast: boolean;
  draft: Draft;
  onMove: (table: string, index: number, x: number, y: number) => void;
}

/** The result tab: why a run failed, that one is running, and the run on screen (figure, numbers, downloads). */
export function ResultPanel({
  solver,
  shown,
  stale,
  live,
  running,
  runError,
  loadingPast,
  draft,
  onMove,
}: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {runError ? (
        <Alert color="red" role="alert" title={t('lab.errors.title')} data-testid="run-error">
          {runErrorMessage(runError, t)}
        </Alert>
      ) : null}
      {/* One row of fixed height for the run's state, so the figure never moves when it changes. */}
      <Group justify="space-between" wrap="nowrap" mih={28} gap="xs">
        <div>
          {running ? (
            <Text size="sm" role="status">
              {t('lab.running')}
            </Text>
          ) : live?.on && live.pausedFor > 0 ? (
            <Text size="sm" role="status" c="dimmed">
              {t('lab.livePaused', { seconds: live.pausedFor })}
            </Text>
          ) : (
            stale &&
            !live?.on && (
              <Badge variant="light" color="yellow" maw="100%" h="auto" style={{ whiteSpace: 'normal' }}>
                {t('lab.stale')}
              </Badge>
            )
          )}
        </div>
        {live && (
          <Switch
            size="sm"
            label={t('lab.live')}
            checked={live.on}
            onChange={(event) => live.onChange(event.currentTarget.checked)}
          />
        )}
      </Group>
      {shown ? (
        <RunResults solver={solver} shown={shown} busy={running} draft={draft} onMove={onMove} />
      ) : (
        !running &&
        !loadingPast && (
          <Text c="dimmed" py="xl">
            {t('lab.noResult')}
          </Text>
        )
      )}
    </Stack>
  );
}
