import { type ChatMessage, MAX_CHAT_MESSAGES, TOOLS_CHAT_MODE } from '@faraday/contracts';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { ApiError, api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { ConversationSidebar } from './ConversationSidebar';
import { tutorKeys } from './keys';
import { MessageView, type ShownMessage } from './MessageView';
import { DEFAULT_MODE, isTutorMode, type TutorMode } from './modes';
import { CoursePicker, ModePicker, PickerRow } from './Pickers';
import classes from './tutor.module.css';
import { type PendingExchange, useChatStream } from './useChatStream';

const empty = { citations: [], tool_calls: [], tool_results: [] };

function pendingMessages(pending: PendingExchange): ShownMessage[] {
  const status =
    pending.phase === 'waiting' || pending.phase === 'streaming'
      ? 'streaming'
      : pending.phase === 'done'
        ? 'complete'
        : pending.phase;
  return [
    { role: 'user', content: pending.question, status: 'complete', ...empty },
    { role: 'assistant', content: pending.content, status, ...empty, citations: pending.citations },
  ];
}

/** The chat with the tutor: conversations on the left, the exchange and the composer on the right. */
export function ChatPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const conversationId = params.get('c');
  const [mode, setMode] = useState<TutorMode>(DEFAULT_MODE);
  const [courseId, setCourseId] = useState<string | null>(null);
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [toolsPending, setToolsPending] = useState<PendingExchange | null>(null);
  const stream = useChatStream();
  const endRef = useRef<HTMLDivElement>(null);

  const detail = useQuery({
    queryKey: tutorKeys.conversation(conversationId ?? ''),
    queryFn: () => api.ai.conversations.get(conversationId ?? ''),
    enabled: conversationId !== null,
  });
  // Opening a conversation brings back the mode and course it was last used with (once per id).
  const applied = useRef<string | null>(null);
  useEffect(() => {
    const data = detail.data;
    if (!data || applied.current === data.id) return;
    applied.current = data.id;
    if (isTutorMode(data.mode)) setMode(data.mode);
    setCourseId(data.course_id);
  }, [detail.data]);

  // How many stored messages there were when the pending exchange was sent: once the refetched
  // conversation holds it, the stored copy is shown and the pending one is not (no double frame).
  const storedBefore = useRef(0);
  const pendingRaw = stream.pending ?? toolsPending;
  const busy = pendingRaw !== null && (pendingRaw.phase === 'waiting' || pendingRaw.phase === 'streaming');
  const stored: ShownMessage[] = conversationId ? (detail.data?.messages ?? []) : [];
  const pending = pendingRaw && stored.length < storedBefore.current + 2 ? pendingRaw : null;
  const shown = pending ? [...stored, ...pendingMessages(pending)] : stored;
  const lastLength = shown.at(-1)?.content.length ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the answer as it grows
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [shown.length, lastLength]);

  const open = (id: string | null) => {
    stream.stop();
    stream.clear();
    setToolsPending(null);
    setError(null);
    setParams(id ? { c: id } : {});
  };

  const history = (text: string): ChatMessage[] => {
    const earlier = stored
      .filter((m) => m.content.trim() !== '')
      .map((m) => ({ role: m.role, content: m.content }));
    return [...earlier, { role: 'user' as const, content: text }].slice(-MAX_CHAT_MESSAGES);
  };

  async function send(text: string) {
    setError(null);
    const course = courseId ?? undefined;
    let id = conversationId;
    try {
      if (!id) {
        id = (await api.ai.conversations.create({ mode, ...(course ? { course_id: course } : {}) })).id;
        setParams({ c: id }, { replace: true });
      }
    } catch (cause) {
      setError(cause);
      return;
    }
    const messages = history(text);
    storedBefore.current = stored.length;
    setQuestion('');
    if (mode === TOOLS_CHAT_MODE) {
      setToolsPending({ question: text, content: '', citations: [], phase: 'waiting' });
      try {
        await api.ai.chatWithTools({
          messages,
          conversation_id: id,
          ...(course ? { course_id: course } : {}),
        });
      } catch (cause) {
        setError(cause);
        setQuestion(text);
      }
    } else {
      const outcome = await stream.start(
        { mode, messages, conversation_id: id, ...(course ? { course_id: course } : {}) },
        text,
      );
      if (outcome.phase === 'failed') setError(outcome.error ?? new Error(t('tutor.status.failed')));
      // Refused before the stream began: nothing was recorded, so the question goes back in the box.
      if (outcome.error instanceof ApiError) setQuestion(text);
    }
    await queryClient.invalidateQueries({ queryKey: tutorKeys.conversations });
    setToolsPending(null);
    stream.clear();
  }

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = question.trim();
    if (text && !busy) void send(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  };
  const failure = error ?? (stream.pending?.phase === 'failed' ? stream.pending.error : null);
  const loading = conversationId !== null && pending === null && (detail.isPending || detail.isError);

  return (
    <div className={classes.layout}>
      <ConversationSidebar activeId={conversationId} onOpen={open} onNew={() => open(null)} />
      <Stack gap="sm" miw={0}>
        <PickerRow>
          <ModePicker value={mode} onChange={setMode} />
          <CoursePicker value={courseId} onChange={setCourseId} />
        </PickerRow>
        <Paper withBorder p="sm" radius="md" className={classes.messages}>
          {loading ? (
            <QueryState query={detail}>{() => null}</QueryState>
          ) : shown.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('tutor.emptyChat')}
            </Text>
          ) : (
            <Stack gap="sm" data-testid="chat-messages">
              {shown.map((message, i) => (
                // Stored messages keep their place; the pending pair is always last.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at its end
                <MessageView key={i} message={message} />
              ))}
            </Stack>
          )}
          <div ref={endRef} />
        </Paper>
        <VisuallyHidden role="status" aria-live="polite">
          {busy ? t('tutor.typing') : pending?.phase === 'stopped' ? t('tutor.status.stopped') : ''}
        </VisuallyHidden>
        {failure ? (
          <Alert color="red" role="alert">
            {failure instanceof Error && !('code' in failure) ? failure.message : errorMessage(failure, t)}
          </Alert>
        ) : null}
        <form onSubmit={submit}>
          <Stack gap="xs">
            <Textarea
              label={t('tutor.question')}
              description={t('tutor.sendHint')}
              value={question}
              onChange={(e) => setQuestion(e.currentTarget.value)}
              onKeyDown={onKeyDown}
              autosize
              minRows={2}
              maxRows={10}
              maxLength={20_000}
            />
            <Group>
              <Button type="submit" disabled={busy || question.trim() === ''}>
                {t('tutor.send')}
              </Button>
              {stream.pending && busy && (
                <Button variant="outline" color="red" onClick={stream.stop}>
                  {t('tutor.stop')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Stack>
    </div>
  );
}
