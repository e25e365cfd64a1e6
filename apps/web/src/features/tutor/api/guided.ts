import type { GatewayGuidedChatRequest, GuidedChatResponse } from '@faraday/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useRefreshConversations } from './conversations';
import { tutorKeys } from './keys';

/** Guided sessions the student left before the end, to resume. */
export function useResumableSessions() {
  return useQuery({
    queryKey: tutorKeys.resumable,
    queryFn: () => api.ai.conversations.list({ kind: 'guided', unfinished: true, limit: 20 }),
  });
}

/** One turn of a guided session (the first one starts it on a topic); answers with the path's new state. */
export function useGuidedTurn(onAnswered: (state: GuidedChatResponse, text: string) => void) {
  const refresh = useRefreshConversations();
  return useMutation({
    mutationFn: ({
      text,
      answer,
      ...session
    }: {
      text: string;
      /** The typed answer to the current exercise; the text is what the transcript shows. */
      answer?: GatewayGuidedChatRequest['answer'];
      topic: string;
      sessionId?: string;
      courseId: string | null;
    }) =>
      api.ai.guided({
        topic: session.topic,
        messages: [{ role: 'user', content: text }],
        ...(answer ? { answer } : {}),
        ...(session.sessionId ? { session_id: session.sessionId } : {}),
        ...(session.courseId ? { course_id: session.courseId } : {}),
      }),
    onSuccess: (state, { text }) => {
      onAnswered(state, text);
      void refresh();
    },
  });
}

/** Opens an unfinished guided session: its state, course and transcript. */
export function useResumeSession(
  onResumed: (detail: Awaited<ReturnType<typeof api.ai.conversations.get>>) => void,
) {
  return useMutation({ mutationFn: (id: string) => api.ai.conversations.get(id), onSuccess: onResumed });
}

export type ConversationList = Awaited<ReturnType<typeof api.ai.conversations.list>>;
