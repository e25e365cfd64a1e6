import { Anchor, Button, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AppModal } from '../../components/AppModal';
import { QueryState } from '../../components/QueryState';
import { ScrollTable } from '../../components/ScrollTable';
import { StatusBadge } from '../../components/StatusBadge';
import { useMe } from '../../hooks/useMe';
import { api } from '../../lib/api';
import { CourseForm } from './CourseForm';
import { JoinCourse } from './JoinCourse';
import { courseKeys } from './keys';

const PAGE_SIZE = 20;

export default function CoursesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [creating, { open, close }] = useDisclosure(false);
  const courses = useQuery({
    queryKey: courseKeys.list(page, debounced),
    queryFn: () => api.courses.list({ page, limit: PAGE_SIZE, search: debounced || undefined }),
    placeholderData: keepPreviousData,
  });
  const canCreate = me.data?.permissions.includes('course:write');

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('courses.title')}</Title>
        {canCreate && <Button onClick={open}>{t('courses.create')}</Button>}
      </Group>
      {me.data?.role === 'student' && <JoinCourse />}
      <TextInput
        label={t('courses.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <QueryState query={courses} isEmpty={(d) => d.courses.length === 0} empty={t('courses.none')}>
        {(data) => (
          <>
            <ScrollTable minWidth={560}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('courses.name')}</Table.Th>
                    <Table.Th>{t('courses.code')}</Table.Th>
                    <Table.Th>{t('courses.semester')}</Table.Th>
                    <Table.Th>{t('courses.teacher')}</Table.Th>
                    <Table.Th>{t('courses.students')}</Table.Th>
                    <Table.Th>{t('courses.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.courses.map((course) => (
                    <Table.Tr key={course.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/courses/${course.id}`}>
                          {course.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{course.code}</Table.Td>
                      <Table.Td>{course.semester}</Table.Td>
                      <Table.Td>{course.teacher_name}</Table.Td>
                      <Table.Td>
                        {course.student_count} / {course.max_students}
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge status={course.status} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('common.total', { count: data.total })}
              </Text>
              <Pagination
                total={Math.max(1, Math.ceil(data.total / PAGE_SIZE))}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': t(`common.page.${control}`) })}
                getItemProps={(n) => ({ 'aria-label': t('common.pageN', { n }) })}
              />
            </Group>
          </>
        )}
      </QueryState>
      <AppModal opened={creating} onClose={close} title={t('courses.create')} size="lg">
        <CourseForm
          onDone={(id) => {
            close();
            navigate(`/courses/${id}`);
          }}
        />
      </AppModal>
    </Stack>
  );
}
