import { Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { StatusBadge } from '../../components/StatusBadge';
import { AnnouncementsTab } from '../../features/announcements';
import { AssignmentsTab, GradesTab } from '../../features/assignments';
import { MembersTab, OverviewTab } from '../../features/courses';
import { ResourcesTab } from '../../features/resources';
import { useCourse } from '../../hooks/useCourse';

const tabs = ['overview', 'announcements', 'members', 'assignments', 'resources', 'grades'] as const;

/**
 * /courses/:courseId/:tab — one course as tabs, composed here from four features: the course's own
 * overview and members, its announcements, its assignments and grades, and its resources.
 */
export default function CoursePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { courseId = '', tab = 'overview' } = useParams();
  const course = useCourse(courseId);
  return (
    <QueryState query={course}>
      {(data) => {
        const staff = data.my_role !== 'student';
        return (
          <Stack>
            <Group justify="space-between">
              <Stack gap={0}>
                <Title order={2}>{data.name}</Title>
                <Text c="dimmed" size="sm">
                  {data.code} · {data.semester} · {data.teacher_name}
                </Text>
              </Stack>
              <StatusBadge status={data.status} />
            </Group>
            <Tabs
              value={tab}
              onChange={(value) => navigate(`/courses/${courseId}/${value ?? 'overview'}`)}
              keepMounted={false}
            >
              <Tabs.List>
                {tabs.map((name) => (
                  <Tabs.Tab key={name} value={name}>
                    {t(`course.tabs.${name}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="overview" pt="md">
                <OverviewTab course={data} />
              </Tabs.Panel>
              <Tabs.Panel value="announcements" pt="md">
                <AnnouncementsTab courseId={courseId} staff={staff} />
              </Tabs.Panel>
              <Tabs.Panel value="members" pt="md">
                <MembersTab courseId={courseId} canManage={staff && data.my_role !== 'assistant'} />
              </Tabs.Panel>
              <Tabs.Panel value="assignments" pt="md">
                <AssignmentsTab courseId={courseId} staff={staff} />
              </Tabs.Panel>
              <Tabs.Panel value="resources" pt="md">
                <ResourcesTab courseId={courseId} staff={staff} />
              </Tabs.Panel>
              <Tabs.Panel value="grades" pt="md">
                <GradesTab
                  courseId={courseId}
                  courseCode={data.code}
                  staff={staff}
                  canWeigh={staff && data.my_role !== 'assistant'}
                />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        );
      }}
    </QueryState>
  );
}
