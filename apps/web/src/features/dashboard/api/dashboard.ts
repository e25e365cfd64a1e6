import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dashboardKeys } from './keys';

/** A student's assignments due within `days`. */
export function useDueAssignments(days: number) {
  return useQuery({ queryKey: dashboardKeys.due(days), queryFn: () => api.me.dueAssignments(days) });
}

/** Staff: the latest submissions waiting for a grade in their courses. */
export function useGradingQueue(limit: number) {
  return useQuery({
    queryKey: dashboardKeys.gradingQueue(limit),
    queryFn: () => api.me.gradingQueue({ limit }),
  });
}

/** Unread announcements of the user's courses, newest first. */
export function useUnreadAnnouncements() {
  return useQuery({
    queryKey: dashboardKeys.unreadAnnouncements,
    queryFn: () => api.me.unreadAnnouncements(SHOWN_ANNOUNCEMENTS),
  });
}

/** The card stays short; the rest are a click away in each course. */
const SHOWN_ANNOUNCEMENTS = 8;
