import { Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { StatusBadge } from '../../components/StatusBadge';
import { api } from '../../lib/api';
import { AssignmentsTab } from '../assignments/AssignmentsTab';
import { GradesTab } from '../assignments/GradesTab';
import { ResourcesTab } from '../resources/ResourcesTab';
import { courseKeys } from './keys';
import { MembersTab } from './MembersTab';
import { OverviewTab } from './OverviewTab';

const tabs = ['overview', 'members', 'assignments', 'resources', 'grades'] as const;

export default function CoursePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { courseId = '', tab = 'overview' } = useParams();
  const course = useQuery({
    queryKey: courseKeys.detail(courseId),
    queryFn: () => api.courses.get(courseId),
  });
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
                <GradesTab courseId={courseId} staff={staff} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        );
      }}
    </QueryState>
  );
}
