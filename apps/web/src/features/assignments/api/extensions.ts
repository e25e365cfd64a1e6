import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { assignmentKeys } from './keys';

const extensionKey = (courseId: string, id: string) => [...assignmentKeys.detail(courseId, id), 'extensions'];

export function useExtensions(courseId: string, assignmentId: string) {
  return useQuery({
    queryKey: extensionKey(courseId, assignmentId),
    queryFn: () => api.assignments.extensions(courseId, assignmentId),
  });
}

/** Grants, moves (due_date set) or removes (null) a student's extension; the gradebook follows. */
export function useSetExtension(courseId: string, assignmentId: string, onDone?: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ studentId, dueDate }: { studentId: string; dueDate: string | null }) => {
      if (dueDate === null) await api.assignments.removeExtension(courseId, assignmentId, studentId);
      else
        await api.assignments.putExtension(
          courseId,
          assignmentId,
          studentId,
          new Date(dueDate).toISOString(),
        );
    },
    onSuccess: (_, { dueDate }) => {
      void queryClient.invalidateQueries({ queryKey: extensionKey(courseId, assignmentId) });
      void queryClient.invalidateQueries({ queryKey: assignmentKeys.grades(courseId) });
      void queryClient.invalidateQueries({ queryKey: assignmentKeys.submissions(courseId, assignmentId) });
      notify({ color: 'green', message: t(dueDate === null ? 'late.removed' : 'late.granted') });
      onDone?.();
    },
    onError: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });
}
