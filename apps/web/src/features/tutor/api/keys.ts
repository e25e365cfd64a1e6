/** Query keys of the tutor feature, built in one place. */
export const tutorKeys = {
  conversations: ['conversations'] as const,
  chatList: ['conversations', 'chat'] as const,
  resumable: ['conversations', 'guided', 'resumable'] as const,
  conversation: (id: string) => ['conversations', 'detail', id] as const,
};
