import type { SimulationHistoryEntry } from '@faraday/contracts';
import { Anchor, Button, Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { formatNumber } from '../utils/field-text';
import { openPath, SweepTitle } from './SweepTitle';

interface Props {
  entries: SimulationHistoryEntry[];
  courseName: (courseId: string) => string;
  onDelete: (entry: SimulationHistoryEntry) => void;
}

/** One page of the history: each run or sweep, its solver, course, owner, date and time, to open or delete. */
export function HistoryTable({ entries, courseName, onDelete }: Props) {
  const { t } = useTranslation();
  return (
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
        {entries.map((entry) => (
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
                    onClick={() => onDelete(entry)}
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
  );
}
