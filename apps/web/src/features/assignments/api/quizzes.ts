import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { assignmentKeys } from './keys';

export type Quiz = Awaited<ReturnType<typeof api.quizzes.get>>;
export type QuizAttempt = Awaited<ReturnType<typeof api.quizzes.attempt>>;
export type QuizItem = QuizAttempt['items'][number];
export type QuizAnswer = NonNullable<QuizItem['answer']>;
export type BankTemplate = Awaited<ReturnType<typeof api.quizzes.bank>>['templates'][number];

const keys = {
  quiz: (courseId: string, id: string) => [...assignmentKeys.detail(courseId, id), 'quiz'] as const,
  attempts: (courseId: string, id: string) =>
    [...assignmentKeys.detail(courseId, id), 'quiz-attempts'] as const,
  results: (courseId: string, id: string) =>
    [...assignmentKeys.detail(courseId, id), 'quiz-results'] as const,
  bank: (courseId: string, topic: string) => ['quiz-bank', courseId, topic] as const,
};

export function useQuiz(courseId: string, id: string) {
  return useQuery({ queryKey: keys.quiz(courseId, id), queryFn: () => api.quizzes.get(courseId, id) });
}

export function useQuizBank(courseId: string, topic: string) {
  return useQuery({
    queryKey: keys.bank(courseId, topic),
    queryFn: () => api.quizzes.bank(courseId, topic ? { topic } : {}),
  });
}

export function useQuizResults(courseId: string, id: string) {
  return useQuery({ queryKey: keys.results(courseId, id), queryFn: () => api.quizzes.results(courseId, id) });
}

/** One attempt, to review it; nothing is asked while none is chosen. */
export function useQuizAttempt(courseId: string, id: string, attemptId: string | null) {
  return useQuery({
    queryKey: [...keys.attempts(courseId, id), attemptId ?? 'none'],
    queryFn: () => api.quizzes.attempt(courseId, id, attemptId as string),
    enabled: attemptId !== null,
  });
}

export function useQuizAttempts(courseId: string, id: string) {
  return useQuery({
    queryKey: keys.attempts(courseId, id),
    queryFn: () => api.quizzes.attempts(courseId, id),
  });
}

/** Saving the quiz refreshes the assignment (its max_score is the sum of the points). */
export function useSaveQuiz(courseId: string, id: string, on: { success: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api.quizzes.put(courseId, id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: assignmentKeys.detail(courseId, id) });
      on.success();
    },
  });
}

/** Start (or resume) an attempt, and hand it in; the attempt list and the grade refresh after. */
export function useQuizAttemptActions(
  courseId: string,
  id: string,
  on: { changed: (a: QuizAttempt) => void },
) {
  const queryClient = useQueryClient();
  const refresh = (attempt: QuizAttempt) => {
    on.changed(attempt);
    void queryClient.invalidateQueries({ queryKey: assignmentKeys.detail(courseId, id) });
  };
  const start = useMutation({ mutationFn: () => api.quizzes.start(courseId, id), onSuccess: refresh });
  const submit = useMutation({
    mutationFn: ({
      attemptId,
      answers,
    }: {
      attemptId: string;
      answers: { position: number; answer: QuizAnswer }[];
    }) => api.quizzes.submit(courseId, id, attemptId, { answers }),
    onSuccess: refresh,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.attempts(courseId, id) }),
  });
  return { start, submit };
}
