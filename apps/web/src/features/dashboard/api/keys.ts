import { meKey, unreadAnnouncementsKey } from '../../../lib/query-keys';

/** Query keys of the dashboard: the user's own lists, under the current user. */
export const dashboardKeys = {
  due: (days: number) => [...meKey, 'due', days] as const,
  gradingQueue: (limit: number) => [...meKey, 'grading-queue', limit] as const,
  /** Shared with the announcements feature, which refreshes it after marking a course read. */
  unreadAnnouncements: unreadAnnouncementsKey,
};
