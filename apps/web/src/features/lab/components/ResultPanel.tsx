import type { SolverName } from '@faraday/physics/schemas';
import { Alert, Badge, Stack, Text } from '@mantine/core';
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
  running: boolean;
  runError: unknown;
  /** A past run is still loading (no "no result yet" meanwhile). */
  loadingPast: boolean;
  draft: Draft;
  onMove: (table: string, index: number, x: number, y: number) => void;
}

/** The result tab: why a run failed, that one is running, and the run on screen (figure, numbers, downloads). */
export function ResultPanel({ solver, shown, stale, running, runError, loadingPast, draft, onMove }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {runError ? (
        <Alert color="red" role="alert" title={t('lab.errors.title')} data-testid="run-error">
          {runErrorMessage(runError, t)}
        </Alert>
      ) : null}
      {running && (
        <Text size="sm" role="status">
          {t('lab.running')}
        </Text>
      )}
      {stale && !running && (
        <Badge variant="light" color="yellow" w="fit-content">
          {t('lab.stale')}
        </Badge>
      )}
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
