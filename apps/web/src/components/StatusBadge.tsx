import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const colours: Record<string, string> = {
  missing: 'gray',
  not_submitted: 'blue',
  overdue: 'red',
  submitted: 'blue',
  late: 'orange',
  graded: 'teal',
  draft: 'gray',
  published: 'blue',
  closed: 'dark',
  active: 'teal',
  archived: 'gray',
};

/** A submission, assignment or course state as a coloured, translated badge. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    // Beside a long title or in a crowded table column on a phone, Mantine's badge shrinks to
    // "PUBL…" (it clips with an ellipsis): it keeps the width of its word.
    <Badge
      color={colours[status] ?? 'gray'}
      variant="light"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
