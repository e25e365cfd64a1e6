import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api';
import { announcementKeys } from './keys';

export type Announcement = Awaited<ReturnType<typeof api.announcements.list>>['announcements'][number];

export interface AnnouncementFields {
  title: string;
  body: string;
  resource_id: string | null;
  pinned: boolean;
}

/** The most a course page shows at once; older ones beyond it are rare enough to leave out. */
const SHOWN = 100;

export function useAnnouncements(courseId: string) {
  return useQuery({
    queryKey: announcementKeys.list(courseId),
    queryFn: () => api.announcements.list(courseId, { limit: SHOWN }),
  });
}

/** The course's files an announcement may attach. */
export function useAttachableResources(courseId: string) {
  return useQuery({
    queryKey: announcementKeys.attachable(courseId),
    queryFn: () => api.resources.list(courseId),
  });
}

/**
 * Once the list has loaded with something unread, marks the course's announcements read on the
 * server. The list on screen keeps its "new" marks (it is not fetched again); the dashboard's
 * unread card is refreshed.
 */
export function useMarkReadOnOpen(courseId: string, unread: number | undefined) {
  const queryClient = useQueryClient();
  const done = useRef(false);
  const mark = useMutation({
    mutationFn: () => api.announcements.markRead(courseId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.unread }),
  });
  const { mutate } = mark;
  useEffect(() => {
    if (done.current || !unread) return;
    done.current = true;
    mutate();
  }, [unread, mutate]);
}

function useRefresh(courseId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: announcementKeys.list(courseId) }),
      queryClient.invalidateQueries({ queryKey: announcementKeys.unread }),
    ]);
}

/** Posts a new announcement, or saves changes to `id`. */
export function useSaveAnnouncement(courseId: string, id: string | undefined, onSaved: () => void) {
  const refresh = useRefresh(courseId);
  return useMutation({
    mutationFn: (fields: AnnouncementFields) =>
      id ? api.announcements.update(courseId, id, fields) : api.announcements.create(courseId, fields),
    onSuccess: () => {
      onSaved();
      void refresh();
    },
  });
}

export function usePinAnnouncement(courseId: string, on: { error: (error: unknown) => void }) {
  const refresh = useRefresh(courseId);
  return useMutation({
    mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) =>
      api.announcements.update(courseId, id, { pinned }),
    onSuccess: () => void refresh(),
    onError: on.error,
  });
}

export function useDeleteAnnouncement(
  courseId: string,
  on: { success: () => void; error: (error: unknown) => void },
) {
  const refresh = useRefresh(courseId);
  return useMutation({
    mutationFn: (id: string) => api.announcements.remove(courseId, id),
    onSuccess: () => {
      on.success();
      void refresh();
    },
    onError: on.error,
  });
}
