import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import { formatDate } from '../../../lib/format';
import { useGradingQueue } from '../api/dashboard';

/** Staff: submissions waiting for a grade, each linking to it in the grading view. */
export function WaitingForGrading() {
  const { t } = useTranslation();
  const queue = useGradingQueue(10);
  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="sm">
        {t('dashboard.toGrade')}
      </Title>
      <QueryState
        query={queue}
        isEmpty={(d) => d.submissions.length === 0}
        empty={t('dashboard.nothingToGrade')}
      >
        {(data) => (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('dashboard.waiting', { count: data.total })}
            </Text>
            {data.submissions.map((s) => (
              <Group key={s.submission_id} justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Anchor
                    component={Link}
                    to={`/courses/${s.course_id}/assignments/${s.assignment_id}?submission=${s.submission_id}`}
                  >
                    {s.student_name} — {s.assignment_title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {s.course_name} · {formatDate(s.submitted_at)}
                  </Text>
                </Stack>
                {s.resubmitted_after_grading && <Badge color="orange">{t('grading.resubmitted')}</Badge>}
              </Group>
            ))}
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}
