import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { courseKeys } from './keys';

export function useMembers(courseId: string) {
  return useQuery({ queryKey: courseKeys.members(courseId), queryFn: () => api.courses.members(courseId) });
}

/** The course and everything under it (members, counts, grades) changes with its members. */
function useRefreshCourse(courseId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) });
}

export function useRemoveMember(courseId: string, onError: (error: unknown) => void) {
  const refresh = useRefreshCourse(courseId);
  return useMutation({
    mutationFn: (userId: string) => api.courses.removeMember(courseId, userId),
    onSuccess: refresh,
    onError,
  });
}

/** Adds users by username, as students or assistants; the answer lists who could not be added and why. */
export function useAddMembers(courseId: string, onAdded: () => void) {
  const refresh = useRefreshCourse(courseId);
  return useMutation({
    mutationFn: (body: { usernames: string[]; role: 'student' | 'assistant' }) =>
      api.courses.addMembers(courseId, body),
    onSuccess: () => {
      onAdded();
      void refresh();
    },
  });
}
