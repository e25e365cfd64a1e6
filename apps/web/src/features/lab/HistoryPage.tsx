import { type SimulationHistoryEntry, simulationTypes } from '@faraday/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  List,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AppModal } from '../../components/AppModal';
import { QueryState } from '../../components/QueryState';
import { ScrollTable } from '../../components/ScrollTable';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { formatNumber } from './field-text';
import { labKeys, useMyCourses } from './keys';

const PAGE_SIZE = 10;

/**
 * /lab/history — the user's runs (and, for a course's staff, the course's), filtered, paged. A sweep
 * is one entry (the backend groups its runs), listing its runs inside.
 */
export default function HistoryPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const type = search.get('type') ?? '';
  const course = search.get('course') ?? '';
  const page = Number(search.get('page') ?? '1') || 1;
  const courses = useMyCourses();
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearch(next, { replace: true });
  };

  const history = useQuery({
    queryKey: labKeys.historyPage(page, type, course),
    queryFn: () =>
      api.sim.history({
        page,
        limit: PAGE_SIZE,
        ...(type ? { type } : {}),
        ...(course ? { course_id: course } : {}),
      }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.sim.remove(id),
    onSuccess: () => {
      setDeleting(null);
      notify({ color: 'teal', message: t('lab.history.deleted') });
      void queryClient.invalidateQueries({ queryKey: labKeys.history });
    },
    onError: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });
  const courseName = (id: string | null) => courses.data?.find((c) => c.value === id)?.label ?? '—';

  return (
    <Stack>
      <div>
        <Anchor component={Link} to="/lab" size="sm">
          ← {t('nav.lab')}
        </Anchor>
        <Title order={2}>{t('lab.history.title')}</Title>
      </div>
      <Group align="flex-end">
        <NativeSelect
          label={t('lab.history.type')}
          data={[
            { value: '', label: t('lab.history.allTypes') },
            ...simulationTypes.map((s) => ({ value: s, label: t(`lab.solvers.${s}`) })),
          ]}
          value={type}
          onChange={(event) => update({ type: event.currentTarget.value, page: '' })}
        />
        <NativeSelect
          label={t('lab.course')}
          data={[{ value: '', label: t('lab.history.allCourses') }, ...(courses.data ?? [])]}
          value={course}
          onChange={(event) => update({ course: event.currentTarget.value, page: '' })}
        />
      </Group>
      <QueryState query={history} isEmpty={(d) => d.simulations.length === 0} empty={t('lab.history.empty')}>
        {(data) => (
          <>
            <ScrollTable minWidth={640}>
              <Table striped aria-label={t('lab.history.title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('lab.history.runTitle')}</Table.Th>
                    <Table.Th>{t('lab.history.type')}</Table.Th>
                    <Table.Th>{t('lab.course')}</Table.Th>
                    <Table.Th>{t('lab.history.owner')}</Table.Th>
                    <Table.Th>{t('lab.history.created')}</Table.Th>
                    <Table.Th>{t('lab.history.time')}</Table.Th>
                    <Table.Th>{t('common.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.simulations.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td>
                        {entry.kind === 'sweep' && entry.sweep ? (
                          <SweepTitle entry={entry} sweep={entry.sweep} />
                        ) : (
                          <Anchor component={Link} to={`/lab/${entry.type}?run=${entry.id}`} size="sm">
                            {entry.title}
                          </Anchor>
                        )}
                      </Table.Td>
                      <Table.Td>{t(`lab.solvers.${entry.type}`)}</Table.Td>
                      <Table.Td>{entry.course_id ? courseName(entry.course_id) : '—'}</Table.Td>
                      <Table.Td>{entry.owner_name}</Table.Td>
                      <Table.Td>{formatDate(entry.created_at)}</Table.Td>
                      <Table.Td>{formatNumber(entry.computation_time, 3)} s</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button component={Link} to={openPath(entry)} size="compact-xs" variant="light">
                            {t('lab.history.open')}
                          </Button>
                          {entry.kind === 'simulation' && (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              color="red"
                              aria-label={t('lab.history.deleteRun', { title: entry.title })}
                              onClick={() => setDeleting({ id: entry.id, title: entry.title })}
                            >
                              {t('common.delete')}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('common.total', { count: data.total })}
              </Text>
              <Pagination
                total={Math.max(1, Math.ceil(data.total / PAGE_SIZE))}
                value={page}
                onChange={(n) => update({ page: String(n) })}
                getItemProps={(n) => ({ 'aria-label': t('common.pageN', { n }) })}
                getControlProps={(control) => ({ 'aria-label': t(`common.page.${control}`) })}
              />
            </Group>
          </>
        )}
      </QueryState>
      <AppModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('lab.history.confirmTitle')}
      >
        <Stack>
          <Text>{t('lab.history.confirm', { title: deleting?.title ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting.id)}
            >
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}

type Entry = SimulationHistoryEntry;

/** A single run opens in its solver's page; a sweep opens its progress and results there. */
function openPath(entry: Entry): string {
  return entry.kind === 'sweep'
    ? `/lab/${entry.type}?sweep=${entry.id}`
    : `/lab/${entry.type}?run=${entry.id}`;
}

/** A sweep's history cell: its title (to its results), status, and its runs, folded, each one openable. */
function SweepTitle({ entry, sweep }: { entry: Entry; sweep: NonNullable<Entry['sweep']> }) {
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
