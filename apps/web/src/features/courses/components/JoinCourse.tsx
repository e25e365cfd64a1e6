import { Alert, Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { useJoinCourse } from '../api/courses';

/** Students join a course with the code their teacher gave them. */
export function JoinCourse() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const join = useJoinCourse(() => setCode(''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) join.mutate(code.trim());
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end">
        <TextInput
          label={t('courses.inviteCode')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={join.isError ? errorMessage(join.error, t) : undefined}
          maw={240}
        />
        <Button type="submit" loading={join.isPending}>
          {t('courses.join')}
        </Button>
      </Group>
      {join.isSuccess && (
        <Alert color="teal" mt="xs" role="status">
          {t('courses.joined', { name: join.data.course_name })}
        </Alert>
      )}
    </form>
  );
}
