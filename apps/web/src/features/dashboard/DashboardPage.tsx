import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { StatusBadge } from '../../components/StatusBadge';
import { useMe } from '../../hooks/useMe';
import { api } from '../../lib/api';
import { formatDate, relativeDue } from '../../lib/format';
import { courseKeys } from '../courses/keys';

export default function DashboardPage() {
  const { t } = useTranslation();
  const me = useMe();
  const courses = useQuery({
    queryKey: courseKeys.list(1, ''),
    queryFn: () => api.courses.list({ limit: 20 }),
  });
  const isStudent = me.data?.role === 'student';
  return (
    <Stack>
      <Title order={2}>
        {me.data ? t('dashboard.greeting', { name: me.data.name }) : t('nav.dashboard')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={3} size="h4" mb="sm">
            {t('dashboard.myCourses')}
          </Title>
          <QueryState
            query={courses}
            isEmpty={(d) => d.courses.length === 0}
            empty={t('dashboard.noCourses')}
          >
            {(data) => (
              <Stack gap="xs">
                {data.courses.map((course) => (
                  <Group key={course.id} justify="space-between" wrap="nowrap">
                    <Anchor component={Link} to={`/courses/${course.id}`}>
                      {course.name}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {course.code}
                    </Text>
                  </Group>
                ))}
              </Stack>
            )}
          </QueryState>
        </Card>
        {me.data && (isStudent ? <DueSoon /> : <WaitingForGrading />)}
      </SimpleGrid>
    </Stack>
  );
}

function DueSoon() {
  const { t } = useTranslation();
  const due = useQuery({ queryKey: ['me', 'due', 14], queryFn: () => api.me.dueAssignments(14) });
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

function WaitingForGrading() {
  const { t } = useTranslation();
  const queue = useQuery({
    queryKey: ['me', 'grading-queue'],
    queryFn: () => api.me.gradingQueue({ limit: 10 }),
  });
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
