import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { QueryState } from '../../../components/QueryState';
import { formatDate } from '../../../lib/format';
import { useGradeHistory } from '../api/grades';

export interface HistoryTarget {
  assignmentId: string;
  studentId: string;
  name: string;
  title: string;
}

/** Who typed or imported which grade into a cell, and when (the audit the server keeps). */
export function GradeHistory({
  courseId,
  target,
  onClose,
}: {
  courseId: string;
  target: HistoryTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const history = useGradeHistory(courseId, target.assignmentId, target.studentId);
  return (
    <AppModal
      opened
      onClose={onClose}
      title={t('gradebook.historyOf', { name: target.name, title: target.title })}
    >
      <QueryState query={history} isEmpty={(d) => d.changes.length === 0} empty={t('gradebook.historyNone')}>
        {(data) => (
          <List spacing="xs" listStyleType="none" p={0}>
            {data.changes.map((c) => (
              <List.Item key={c.id}>
                <Text size="sm" fw={500}>
                  {t('gradebook.change', { from: c.old_score ?? '—', to: c.new_score })} ·{' '}
                  {c.attempt === null
                    ? t('gradebook.noSubmission')
                    : t('gradebook.attemptN', { n: c.attempt })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('gradebook.by', { name: c.changed_by_name, when: formatDate(c.changed_at) })} ·{' '}
                  {c.source === 'import' ? t('gradebook.sourceImport') : t('gradebook.sourceCell')}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </QueryState>
    </AppModal>
  );
}
