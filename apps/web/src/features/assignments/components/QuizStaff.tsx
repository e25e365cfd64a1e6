import { Stack } from '@mantine/core';
import { useQuiz } from '../api/quizzes';
import { QuizBuilder } from './QuizBuilder';
import { QuizResults } from './QuizResults';

/** The staff's view of a quiz: the builder (once loaded, so it starts from the saved questions) and the results. */
export function QuizStaff({ courseId, assignmentId }: { courseId: string; assignmentId: string }) {
  const quiz = useQuiz(courseId, assignmentId);
  if (quiz.isPending) return null;
  return (
    <Stack>
      <QuizBuilder courseId={courseId} assignmentId={assignmentId} quiz={quiz.data} />
      <QuizResults courseId={courseId} assignmentId={assignmentId} />
    </Stack>
  );
}
