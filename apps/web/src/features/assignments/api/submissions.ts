import type { RubricSelection } from '@faraday/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { saveFile } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { courseKeys } from '../../../lib/query-keys';
import { assignmentKeys } from './keys';

export type Submission = Awaited<ReturnType<typeof api.assignments.submissions>>['submissions'][number];

/** Every student's latest submission to an assignment (staff). */
export function useSubmissions(courseId: string, assignmentId: string) {
  return useQuery({
    queryKey: assignmentKeys.submissions(courseId, assignmentId),
    queryFn: () => api.assignments.submissions(courseId, assignmentId, { limit: 100 }),
  });
}

/** Every attempt of one submission; nothing is asked while there is no submission yet. */
export function useAttempts(courseId: string, assignmentId: string, submissionId: string | null) {
  return useQuery({
    queryKey: assignmentKeys.attempts(courseId, assignmentId, submissionId ?? 'none'),
    queryFn: () => api.assignments.attempts(courseId, assignmentId, submissionId as string),
    enabled: submissionId !== null,
  });
}

/** One submission with the filled rubric of its grade (lists leave it out); asked only when `enabled`. */
export function useSubmissionDetail(
  courseId: string,
  assignmentId: string,
  submissionId: string,
  enabled: boolean,
) {
  return useQuery({
    queryKey: [...assignmentKeys.submissions(courseId, assignmentId), submissionId, 'detail'],
    queryFn: () => api.assignments.submission(courseId, assignmentId, submissionId),
    enabled,
  });
}

/** Hands in text and files (a new attempt after the first), reporting upload progress from 0 to 1. */
export function useSubmitWork(
  courseId: string,
  assignmentId: string,
  on: { progress: (fraction: number) => void; success: () => void; error: () => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, files }: { content: string; files: File[] }) =>
      api.assignments.submit(courseId, assignmentId, content, files, on.progress),
    onSuccess: () => {
      on.success();
      void queryClient.invalidateQueries({ queryKey: assignmentKeys.detail(courseId, assignmentId) });
    },
    onError: on.error,
  });
}

/** Grades the attempt the teacher read; the course's views (lists, gradebook, queue counts) refresh. */
export function useGradeSubmission(
  courseId: string,
  assignmentId: string,
  submission: Submission,
  on: { success: () => void; error: (error: unknown) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    // With a rubric the levels are sent and the server computes the score.
    mutationFn: (
      grade: { score: number; feedback: string } | { rubric: RubricSelection[]; feedback: string },
    ) =>
      api.assignments.grade(courseId, assignmentId, submission.id, { ...grade, attempt: submission.attempt }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: courseKeys.detail(courseId) });
      on.success();
    },
    onError: on.error,
  });
}

/**
 * Saves every student's latest attempt as one ZIP named `<course> - <assignment>.zip`, as the
 * server names it (a fetched Blob does not carry the server's name).
 */
export function useDownloadSubmissionsZip(courseId: string, assignmentId: string, name: string) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => api.assignments.submissionsZip(courseId, assignmentId),
    onSuccess: (blob) => saveFile(blob, `${name.replace(/[\\/:*?"<>|]+/g, '_')}.zip`),
    onError: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });
}
