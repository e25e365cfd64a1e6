import type { ConversationSummary } from '@faraday/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { tutorKeys } from './keys';

/** Every list of conversations asks again (after an exchange, a rename, a delete). */
export function useRefreshConversations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tutorKeys.conversations });
}

/** The student's chat conversations, latest first. */
export function useChatConversations() {
  return useQuery({
    queryKey: tutorKeys.chatList,
    queryFn: () => api.ai.conversations.list({ kind: 'chat', limit: 100 }),
  });
}

/** One conversation with its messages; nothing while no conversation is open. */
export function useConversation(id: string | null) {
  return useQuery({
    queryKey: tutorKeys.conversation(id ?? ''),
    queryFn: () => api.ai.conversations.get(id ?? ''),
    enabled: id !== null,
  });
}

/**
 * Refreshes the conversations; after a stop, until the conversation holds `count` messages. The
 * backend records a stopped answer when it notices the hang-up, a moment after the browser hung
 * up, so the first refetch may come too early (a few tries, then what there is).
 */
export function useRefreshUntilStored() {
  const queryClient = useQueryClient();
  return async (id: string, count: number) => {
    for (let tries = 0; tries < 20; tries += 1) {
      await queryClient.invalidateQueries({ queryKey: tutorKeys.conversations });
      const stored = queryClient.getQueryData<{ messages: unknown[] }>(tutorKeys.conversation(id));
      if ((stored?.messages.length ?? count) >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
}

export function useRenameConversation(onRenamed: () => void) {
  const refresh = useRefreshConversations();
  return useMutation({
    mutationFn: ({ conversation, title }: { conversation: ConversationSummary; title: string }) =>
      api.ai.conversations.rename(conversation.id, title),
    onSuccess: async () => {
      onRenamed();
      await refresh();
    },
  });
}

export function useDeleteConversation(on: {
  success: (conversation: ConversationSummary) => void;
  error: (error: unknown) => void;
}) {
  const refresh = useRefreshConversations();
  return useMutation({
    mutationFn: (conversation: ConversationSummary) => api.ai.conversations.remove(conversation.id),
    onSuccess: async (_data, conversation) => {
      on.success(conversation);
      await refresh();
    },
    onError: on.error,
  });
}

/** Starts a conversation in a mode (and a course, whose material the tutor may cite). */
export async function createConversation(body: { mode: string; course_id?: string }): Promise<string> {
  return (await api.ai.conversations.create(body)).id;
}
