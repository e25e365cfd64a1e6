import { Anchor, Button, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormModal } from '../../../components/FormModal';
import { PagedTable } from '../../../components/PagedTable';
import { QueryState } from '../../../components/QueryState';
import { StatusBadge } from '../../../components/StatusBadge';
import { useMe } from '../../../hooks/useMe';
import { useCourses } from '../api/courses';
import { CourseForm } from '../components/CourseForm';
import { JoinCourse } from '../components/JoinCourse';

const PAGE_SIZE = 20;

/** /courses — the courses the user may see, searched and paged; teachers create one, students join one. */
export default function CoursesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [creating, { open, close }] = useDisclosure(false);
  const courses = useCourses(page, PAGE_SIZE, debounced);
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
          <PagedTable minWidth={560} total={data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage}>
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
          </PagedTable>
        )}
      </QueryState>
      <FormModal opened={creating} onClose={close} title={t('courses.create')} size="lg">
        <CourseForm
          onDone={(id) => {
            close();
            navigate(`/courses/${id}`);
          }}
        />
      </FormModal>
    </Stack>
  );
}
