import type { SimulationHistoryEntry } from '@faraday/contracts';
import { Anchor, Badge, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../utils/field-text';

type Entry = SimulationHistoryEntry;

/** A single run opens in its solver's page; a sweep opens its progress and results there. */
export function openPath(entry: Entry): string {
  return entry.kind === 'sweep'
    ? `/lab/${entry.type}?sweep=${entry.id}`
    : `/lab/${entry.type}?run=${entry.id}`;
}

/** A sweep's history cell: its title (to its results), status, and its runs, folded, each one openable. */
export function SweepTitle({ entry, sweep }: { entry: Entry; sweep: NonNullable<Entry['sweep']> }) {
  const { t } = useTranslation();
  const counts = t('lab.history.sweepRuns', {
    count: sweep.runs.length,
    total: sweep.total_simulations,
    status: t(`lab.sweep.statuses.${entry.status}`, { defaultValue: entry.status }),
  });
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Badge size="xs" variant="light" color="grape" miw="max-content" style={{ overflow: 'visible' }}>
          {t('lab.history.sweep')}
        </Badge>
        <Anchor component={Link} to={openPath(entry)} size="sm">
          {t('lab.history.sweepTitle', {
            solver: t(`lab.solvers.${entry.type}`),
            paths: sweep.parameters.join(', '),
            count: sweep.total_simulations,
          })}
        </Anchor>
      </Group>
      {sweep.runs.length === 0 ? (
        <Text size="xs" c="dimmed">
          {counts}
        </Text>
      ) : (
        <details>
          <Text component="summary" size="xs" c="dimmed" style={{ cursor: 'pointer' }}>
            {counts}
          </Text>
          <List size="xs" spacing={2} mt={4} listStyleType="none" data-testid="sweep-runs">
            {sweep.runs.map((run) => (
              <List.Item key={run.simulation_id}>
                <Anchor component={Link} to={`/lab/${entry.type}?run=${run.simulation_id}`} size="xs">
                  {t('lab.history.sweepRun', { n: run.run_index + 1 })}
                </Anchor>{' '}
                <Text span size="xs" ff="monospace">
                  {sweep.parameters
                    .map((path) => `${path} = ${formatNumber(run.values[path] ?? Number.NaN)}`)
                    .join(', ')}
                </Text>
              </List.Item>
            ))}
          </List>
        </details>
      )}
    </Stack>
  );
}
