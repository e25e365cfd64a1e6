import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import { useMe } from '../../../hooks/useMe';
import { useMyCourses } from '../../../hooks/useMyCourses';
import { DueSoon } from '../components/DueSoon';
import { UnreadAnnouncements } from '../components/UnreadAnnouncements';
import { WaitingForGrading } from '../components/WaitingForGrading';

/** The dashboard shows the first of the user's courses; the courses page has them all. */
const SHOWN_COURSES = 20;

/**
 * / — a greeting, the user's courses, their unread announcements, and what is due (students) or
 * waiting for a grade (staff).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const me = useMe();
  const courses = useMyCourses((data) => data.courses.slice(0, SHOWN_COURSES));
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
          <QueryState query={courses} isEmpty={(d) => d.length === 0} empty={t('dashboard.noCourses')}>
            {(data) => (
              <Stack gap="xs">
                {data.map((course) => (
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
        {me.data && <UnreadAnnouncements />}
      </SimpleGrid>
    </Stack>
  );
}
