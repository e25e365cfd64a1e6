import type { courseDetailSchema } from '@faraday/contracts';
import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { AppModal } from '../../components/AppModal';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { CourseForm } from './CourseForm';
import { courseKeys } from './keys';

type Course = z.infer<typeof courseDetailSchema>;

export function OverviewTab({ course }: { course: Course }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, edit] = useDisclosure(false);
  const [deleting, del] = useDisclosure(false);
  const canManage = course.my_role === 'teacher' || course.my_role === 'admin';
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.all });
  const onError = (error: unknown) => notify({ color: 'red', message: errorMessage(error, t) });
  const archive = useMutation({
    mutationFn: () =>
      api.courses.update(course.id, { status: course.status === 'active' ? 'archived' : 'active' }),
    onSuccess: refresh,
    onError,
  });
  const remove = useMutation({
    mutationFn: () => api.courses.remove(course.id),
    onSuccess: async () => {
      await refresh();
      navigate('/courses', { replace: true });
    },
    onError,
  });
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
      <AppModal opened={editing} onClose={edit.close} title={t('course.edit')} size="lg">
        <CourseForm course={course} onDone={edit.close} />
      </AppModal>
      <AppModal opened={deleting} onClose={del.close} title={t('course.deleteTitle')}>
        <Stack>
          <Text>{t('course.deleteConfirm', { name: course.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={del.close}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}

function InviteCode({ course }: { course: Course }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [expiry, setExpiry] = useState('');
  const rotate = useMutation({
    mutationFn: () => api.courses.rotateInvite(course.id, expiry ? new Date(expiry).toISOString() : null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.detail(course.id) }),
    onError: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('courses.inviteCode')}
        </Title>
        <Group>
          <Text ff="monospace" fz="xl" fw={700} data-testid="invite-code">
            {course.invite_code ?? '—'}
          </Text>
          {course.invite_code && (
            <CopyButton value={course.invite_code}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? t('common.copied') : t('common.copy')}
                </Button>
              )}
            </CopyButton>
          )}
        </Group>
        {course.invite_expires_at && (
          <Text size="sm" c="dimmed">
            {t('course.expires', { date: formatDate(course.invite_expires_at) })}
          </Text>
        )}
        <Group align="flex-end">
          <TextInput
            type="datetime-local"
            label={t('course.newCodeExpiry')}
            value={expiry}
            onChange={(e) => setExpiry(e.currentTarget.value)}
          />
          <Button variant="default" onClick={() => rotate.mutate()} loading={rotate.isPending}>
            {t('course.rotate')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
