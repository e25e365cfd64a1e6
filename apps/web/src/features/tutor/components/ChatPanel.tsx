import { ApiError } from '@faraday/client';
import { type ChatMessage, MAX_CHAT_MESSAGES, TOOLS_CHAT_MODE } from '@faraday/contracts';
import { Alert, Stack, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUnsavedChangesGuard } from '../../../hooks/useUnsavedChangesGuard';
import { errorMessage } from '../../../lib/errors';
import { askWithTools, type PendingExchange, useChatStream } from '../api/chat';
import {
  createConversation,
  useConversation,
  useRefreshConversations,
  useRefreshUntilStored,
} from '../api/conversations';
import { DEFAULT_MODE, isTutorMode, type TutorMode } from '../utils/modes';
import { ChatComposer } from './ChatComposer';
import { ChatMessages } from './ChatMessages';
import { ConversationSidebar } from './ConversationSidebar';
import type { ShownMessage } from './MessageView';
import { CoursePicker, ModePicker, PickerRow } from './Pickers';
import classes from './tutor.module.css';

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
    {
      role: 'assistant',
      content: pending.content,
      status,
      ...empty,
      ...pending.tools,
      citations: pending.citations,
    },
  ];
}

/** The chat with the tutor: conversations on the left, the exchange and the composer on the right. */
export function ChatPanel() {
  const { t } = useTranslation();
  const refreshConversations = useRefreshConversations();
  const refreshUntilStored = useRefreshUntilStored();
  const [params, setParams] = useSearchParams();
  const conversationId = params.get('c');
  const [mode, setMode] = useState<TutorMode>(DEFAULT_MODE);
  const [courseId, setCourseId] = useState<string | null>(null);
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [toolsPending, setToolsPending] = useState<PendingExchange | null>(null);
  const stream = useChatStream();
  // A half-written question is typed work too: leaving the page or the tab asks first.
  const { prompt } = useUnsavedChangesGuard(question.trim() !== '');

  const detail = useConversation(conversationId);
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

  const open = (id: string | null) => {
    stream.stop();
    stream.clear();
    setToolsPending(null);
    setError(null);
    setParams(id ? { c: id } : {});
  };

  const history = (text: string, before: ShownMessage[]): ChatMessage[] => {
    const earlier = before
      .filter((m) => m.content.trim() !== '')
      .map((m) => ({ role: m.role, content: m.content }));
    return [...earlier, { role: 'user' as const, content: text }].slice(-MAX_CHAT_MESSAGES);
  };

  /** `before` is the context the question is asked in: all of it, or (to regenerate) what preceded it. */
  async function send(text: string, before: ShownMessage[] = stored) {
    setError(null);
    const course = courseId ? { course_id: courseId } : {};
    let id = conversationId;
    try {
      if (!id) {
        id = await createConversation({ mode, ...course });
        setParams({ c: id }, { replace: true });
      }
    } catch (cause) {
      setError(cause);
      return;
    }
    const messages = history(text, before);
    storedBefore.current = stored.length;
    setQuestion('');
    if (mode === TOOLS_CHAT_MODE) {
      setToolsPending({ question: text, content: '', citations: [], phase: 'waiting' });
      try {
        await askWithTools({ messages, conversation_id: id, ...course });
      } catch (cause) {
        setError(cause);
        setQuestion(text);
      }
    } else {
      const outcome = await stream.start({ mode, messages, conversation_id: id, ...course }, text);
      if (outcome.phase === 'failed') setError(outcome.error ?? new Error(t('tutor.status.failed')));
      // Refused before the stream began: nothing was recorded, so the question goes back in the box.
      if (outcome.error instanceof ApiError) setQuestion(text);
      if (outcome.phase === 'stopped') await refreshUntilStored(id, storedBefore.current + 2);
    }
    await refreshConversations();
    setToolsPending(null);
    stream.clear();
  }

  const ask = () => {
    const text = question.trim();
    if (text && !busy) void send(text);
  };
  // Regenerating re-asks the last question with the context it was first asked in; the earlier
  // answer stays in the conversation above the new one.
  const lastQuestion = stored.findLastIndex((m) => m.role === 'user');
  const regenerate = () => {
    const last = stored[lastQuestion];
    if (last && !busy) void send(last.content, stored.slice(0, lastQuestion));
  };
  const failure = error ?? (stream.pending?.phase === 'failed' ? stream.pending.error : null);
  const loading = conversationId !== null && pending === null && (detail.isPending || detail.isError);

  return (
    <div className={classes.layout}>
      {prompt}
      <ConversationSidebar activeId={conversationId} onOpen={open} onNew={() => open(null)} />
      <Stack gap="sm" miw={0}>
        <PickerRow>
          <ModePicker value={mode} onChange={setMode} />
          <CoursePicker value={courseId} onChange={setCourseId} />
        </PickerRow>
        <ChatMessages messages={shown} loading={loading ? detail : null} />
        <VisuallyHidden role="status" aria-live="polite">
          {busy ? t('tutor.typing') : pending?.phase === 'stopped' ? t('tutor.status.stopped') : ''}
        </VisuallyHidden>
        {failure ? (
          <Alert color="red" role="alert">
            {failure instanceof Error && !('code' in failure) ? failure.message : errorMessage(failure, t)}
          </Alert>
        ) : null}
        <ChatComposer
          question={question}
          onQuestion={setQuestion}
          busy={busy}
          onStop={stream.pending && busy ? stream.stop : undefined}
          onSend={ask}
          onRegenerate={lastQuestion >= 0 && pending === null ? regenerate : undefined}
        />
      </Stack>
    </div>
  );
}
