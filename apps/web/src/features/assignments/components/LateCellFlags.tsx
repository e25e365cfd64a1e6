import { Badge, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/**
 * Beside a gradebook cell's (final) score: the raw grade when a late penalty took points, and
 * a flag when the student has an extended due date (docs/adr/0128).
 */
export function LateCellFlags({
  cell,
}: {
  cell: {
    raw_score: number | null;
    late_penalty: number;
    late_penalty_percent: number;
    extended_due_date: string | null;
  };
}) {
  const { t } = useTranslation();
  return (
    <>
      {cell.late_penalty > 0 && cell.raw_score !== null && (
        <Text span size="xs" c="dimmed">
          {t('late.rawScore', { raw: cell.raw_score, percent: cell.late_penalty_percent })}
        </Text>
      )}
      {cell.extended_due_date && (
        <Tooltip label={t('late.extendedTo', { when: formatDate(cell.extended_due_date) })}>
          <Badge size="xs" color="blue" variant="light" tabIndex={0}>
            {t('late.extended')}
          </Badge>
        </Tooltip>
      )}
    </>
  );
}
