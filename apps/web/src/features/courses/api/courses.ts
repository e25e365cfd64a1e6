import type { courseDetailSchema } from '@faraday/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { courseKeys } from './keys';

export type Course = z.infer<typeof courseDetailSchema>;

export interface ScheduleRow {
  week: number;
  topic: string;
  content: string;
}

/** What the course form edits. */
export interface CourseFields {
  name: string;
  code: string;
  semester: string;
  description: string;
  syllabus: string;
  schedule: ScheduleRow[];
  max_students: number;
}

/** One page of the courses the user may see, filtered by a search; the last page stays while the next loads. */
export function useCourses(page: number, pageSize: number, search: string) {
  return useQuery({
    queryKey: courseKeys.list(page, search),
    queryFn: () => api.courses.list({ page, limit: pageSize, search: search || undefined }),
    placeholderData: keepPreviousData,
  });
}

/** Every view of a course (lists, pickers, the course page) asks again after a change. */
function useRefreshCourses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: courseKeys.all });
}

/** Creates a course, or saves an existing one (code and semester are fixed once created); resolves to its id. */
export function useSaveCourse(courseId: string | undefined, onSaved: (id: string) => void) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: async (fields: CourseFields) => {
      if (courseId) {
        await api.courses.update(courseId, {
          name: fields.name,
          description: fields.description,
          syllabus: fields.syllabus,
          schedule: fields.schedule,
          max_students: fields.max_students,
        });
        return courseId;
      }
      return (await api.courses.create({ ...fields })).id;
    },
    onSuccess: (id) => {
      void refresh();
      onSaved(id);
    },
  });
}

/** A student joins a course with its invite code. */
export function useJoinCourse(onJoined: () => void) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (code: string) => api.courses.join(code),
    onSuccess: () => {
      onJoined();
      void refresh();
    },
  });
}

/** Archives an active course, or brings an archived one back. */
export function useToggleArchived(course: Course, onError: (error: unknown) => void) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: () =>
      api.courses.update(course.id, { status: course.status === 'active' ? 'archived' : 'active' }),
    onSuccess: refresh,
    onError,
  });
}

export function useDeleteCourse(courseId: string, onDeleted: () => void, onError: (error: unknown) => void) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: () => api.courses.remove(courseId),
    onSuccess: async () => {
      await refresh();
      onDeleted();
    },
    onError,
  });
}

/** A new invite code (the old one stops working), valid until `expiry` (a datetime-local value) or for ever. */
export function useRotateInvite(courseId: string, onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expiry: string) =>
      api.courses.rotateInvite(courseId, expiry ? new Date(expiry).toISOString() : null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) }),
    onError,
  });
}
