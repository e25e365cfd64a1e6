import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const statusColours: Record<string, string> = {
  processing: 'blue',
  running: 'blue',
  pending: 'gray',
  completed: 'teal',
  failed: 'red',
  cancelled: 'gray',
};

/** A sweep's or a run's state as a coloured, translated badge. */
export function SweepStatus({ status }: { status: string }) {
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
