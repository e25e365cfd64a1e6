import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { type Course, useRotateInvite } from '../api/courses';

/** The code students join with, to copy, and a new one (optionally expiring) when the old has leaked. */
export function InviteCode({ course }: { course: Course }) {
  const { t } = useTranslation();
  const [expiry, setExpiry] = useState('');
  const rotate = useRotateInvite(course.id, (error) =>
    notify({ color: 'red', message: errorMessage(error, t) }),
  );
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
          <Button variant="default" onClick={() => rotate.mutate(expiry)} loading={rotate.isPending}>
            {t('course.rotate')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
