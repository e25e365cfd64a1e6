import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { courseKeys } from './keys';

/** Students join a course with the code their teacher gave them. */
export function JoinCourse() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const join = useMutation({
    mutationFn: () => api.courses.join(code.trim()),
    onSuccess: () => {
      setCode('');
      void queryClient.invalidateQueries({ queryKey: courseKeys.all });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) join.mutate();
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
