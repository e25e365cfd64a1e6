import { courseKeys, unreadAnnouncementsKey } from '../../../lib/query-keys';

/** Query keys of the announcements feature: a course's announcements, under the course. */
export const announcementKeys = {
  list: (courseId: string) => [...courseKeys.detail(courseId), 'announcements'] as const,
  /** The course's resources, to pick an attachment from: the resources feature's list, shared in the cache. */
  attachable: (courseId: string) => [...courseKeys.detail(courseId), 'resources'] as const,
  unread: unreadAnnouncementsKey,
};
