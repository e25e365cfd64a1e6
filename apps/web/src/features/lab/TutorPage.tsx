import { Alert, Button, Card, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';

const modes = ['tutor', 'tutor_rag', 'problem_solver', 'formula_verify', 'grader', 'polish'] as const;
const replySchema = z.object({ reply: z.string(), model: z.string() }).loose();

/** Ask the tutor one question; the full chat with streaming and citations comes with the tutor screens. */
export default function TutorPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<string>('tutor_rag');
  const [question, setQuestion] = useState('');
  const ask = useMutation({
    mutationFn: () =>
      api.http.request({
        method: 'POST',
        path: '/api/v1/ai/chat',
        body: { mode, messages: [{ role: 'user', content: question }] },
        schema: replySchema,
      }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (question.trim()) ask.mutate();
  };
  return (
    <Stack maw={760}>
      <Title order={2}>{t('nav.tutor')}</Title>
      <form onSubmit={submit}>
        <Stack>
          <Select
            label={t('tutor.mode')}
            value={mode}
            onChange={(v) => setMode(v ?? 'tutor')}
            data={modes.map((m) => ({ value: m, label: t(`tutor.modes.${m}`) }))}
            allowDeselect={false}
          />
          <Textarea
            label={t('tutor.question')}
            value={question}
            onChange={(e) => setQuestion(e.currentTarget.value)}
            autosize
            minRows={3}
          />
          <Button type="submit" loading={ask.isPending} w="fit-content">
            {t('tutor.ask')}
          </Button>
        </Stack>
      </form>
      {ask.isError && (
        <Alert color="red" role="alert">
          {errorMessage(ask.error, t)}
        </Alert>
      )}
      {ask.isSuccess && (
        <Card withBorder>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{ask.data.reply}</Text>
          <Text size="xs" c="dimmed" mt="xs">
            {ask.data.model}
          </Text>
        </Card>
      )}
    </Stack>
  );
}
