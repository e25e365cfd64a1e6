/**
 * The roots of the query-key tree that several features share. Each feature builds its own keys
 * under these (a course's assignments under the course), so invalidating a root refreshes every
 * view below it: `courseKeys.all` after creating, joining or deleting a course, `courseKeys.detail`
 * after a change inside one course.
 */
export const meKey = ['me'] as const;

export const courseKeys = {
  all: ['courses'] as const,
  /** The courses the user belongs to (all of them for an admin), for lists and pickers. */
  mine: ['courses', 'mine'] as const,
  detail: (id: string) => ['courses', id] as const,
};

/**
 * The user's unread announcements across courses: shown by the dashboard, refreshed by the
 * announcements feature once it has marked a course's announcements read.
 */
export const unreadAnnouncementsKey = [...meKey, 'unread-announcements'] as const;
