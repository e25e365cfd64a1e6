import type { NotificationPreference } from '@faraday/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { meKey } from '../../../lib/query-keys';

export type NotificationItem = Awaited<ReturnType<typeof api.me.notifications>>['notifications'][number];

const keys = {
  all: [...meKey, 'notifications'] as const,
  list: (page: number) => [...meKey, 'notifications', 'list', page] as const,
  unread: [...meKey, 'notifications', 'unread'] as const,
  preferences: [...meKey, 'notification-preferences'] as const,
};

/** The header's count: polled, since notifications arrive from other people's actions. */
export function useUnreadNotificationCount() {
  return useQuery({
    queryKey: keys.unread,
    queryFn: () => api.me.unreadNotificationCount(),
    refetchInterval: 60_000,
  });
}

export function useNotifications(page: number) {
  return useQuery({ queryKey: keys.list(page), queryFn: () => api.me.notifications({ page, limit: 20 }) });
}

export function useReadNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.me.readNotification(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useReadAllNotifications(on: { error: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.me.readAllNotifications(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.all }),
    onError: on.error,
  });
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: keys.preferences, queryFn: () => api.me.notificationPreferences() });
}

export function useSaveNotificationPreferences(on: { success: () => void; error: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreference[]) => api.me.saveNotificationPreferences(preferences),
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.preferences, saved);
      on.success();
    },
    onError: on.error,
  });
}
