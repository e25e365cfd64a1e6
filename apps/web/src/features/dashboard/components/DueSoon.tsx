import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import { StatusBadge } from '../../../components/StatusBadge';
import { relativeDue } from '../../../lib/format';
import { useDueAssignments } from '../api/dashboard';

/** A student's assignments due in the next two weeks. */
export function DueSoon() {
  const { t } = useTranslation();
  const due = useDueAssignments(14);
  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="sm">
        {t('dashboard.dueSoon')}
      </Title>
      <QueryState query={due} isEmpty={(d) => d.assignments.length === 0} empty={t('dashboard.nothingDue')}>
        {(data) => (
          <Stack gap="xs">
            {data.assignments.map((a) => (
              <Group key={a.assignment_id} justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Anchor component={Link} to={`/courses/${a.course_id}/assignments/${a.assignment_id}`}>
                    {a.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {a.course_name} · {relativeDue(a.due_date).text}
                  </Text>
                </Stack>
                <StatusBadge status={a.status} />
              </Group>
            ))}
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}
