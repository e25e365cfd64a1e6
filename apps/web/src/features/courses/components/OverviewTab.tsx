import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { FormModal } from '../../../components/FormModal';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { type Course, useDeleteCourse, useToggleArchived } from '../api/courses';
import { CourseForm } from './CourseForm';
import { InviteCode } from './InviteCode';

/** The course's description, syllabus and schedule; its teacher edits, archives or deletes it here. */
export function OverviewTab({ course }: { course: Course }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, edit] = useDisclosure(false);
  const [deleting, del] = useDisclosure(false);
  const canManage = course.my_role === 'teacher' || course.my_role === 'admin';
  const onError = (error: unknown) => notify({ color: 'red', message: errorMessage(error, t) });
  const archive = useToggleArchived(course, onError);
  const remove = useDeleteCourse(course.id, () => navigate('/courses', { replace: true }), onError);
  return (
    <Stack>
      <Card withBorder>
        <Stack gap="xs">
          <Text>{course.description || t('course.noDescription')}</Text>
          {course.syllabus && (
            <>
              <Title order={3} size="h5">
                {t('courses.syllabus')}
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{course.syllabus}</Text>
            </>
          )}
          {course.schedule.length > 0 && (
            <>
              <Title order={3} size="h5">
                {t('course.schedule')}
              </Title>
              {course.schedule.map((week) => (
                <Text key={week.week} size="sm">
                  {t('course.week', { n: week.week })}: {week.topic} — {week.content}
                </Text>
              ))}
            </>
          )}
          <Text size="sm" c="dimmed">
            {t('courses.students')}: {course.student_count} / {course.max_students}
          </Text>
        </Stack>
      </Card>
      {canManage && <InviteCode course={course} />}
      {canManage && (
        <Group>
          <Button variant="default" onClick={edit.open}>
            {t('common.edit')}
          </Button>
          <Button variant="default" onClick={() => archive.mutate()} loading={archive.isPending}>
            {course.status === 'active' ? t('course.archive') : t('course.unarchive')}
          </Button>
          <Button color="red" variant="light" onClick={del.open}>
            {t('common.delete')}
          </Button>
        </Group>
      )}
      <FormModal opened={editing} onClose={edit.close} title={t('course.edit')} size="lg">
        <CourseForm course={course} onDone={edit.close} />
      </FormModal>
      <ConfirmDelete
        opened={deleting}
        onClose={del.close}
        title={t('course.deleteTitle')}
        question={t('course.deleteConfirm', { name: course.name })}
        deleting={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </Stack>
  );
}
