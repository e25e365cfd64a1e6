import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { meKey } from '../../../lib/query-keys';

export type CalendarItem = Awaited<ReturnType<typeof api.me.calendar>>['items'][number];

const calendarKeys = {
  range: (from: string, to: string) => [...meKey, 'calendar', from, to] as const,
  feed: [...meKey, 'calendar-feed'] as const,
};

/** The caller's due dates between two instants (ISO 8601). */
export function useCalendar(from: string, to: string) {
  return useQuery({ queryKey: calendarKeys.range(from, to), queryFn: () => api.me.calendar({ from, to }) });
}

/** Whether the caller has a feed URL (the URL itself is shown only when made). */
export function useCalendarFeed() {
  return useQuery({ queryKey: calendarKeys.feed, queryFn: () => api.me.calendarFeed() });
}

export function useRotateCalendarFeed(on: {
  success: (url: string) => void;
  error: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.me.rotateCalendarFeed(),
    onSuccess: (created) => {
      on.success(created.url);
      void queryClient.invalidateQueries({ queryKey: calendarKeys.feed });
    },
    onError: on.error,
  });
}

export function useRevokeCalendarFeed(on: { success: () => void; error: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.me.revokeCalendarFeed(),
    onSuccess: () => {
      on.success();
      void queryClient.invalidateQueries({ queryKey: calendarKeys.feed });
    },
    onError: on.error,
  });
}
