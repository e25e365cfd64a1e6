import { Anchor, Breadcrumbs, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import { StatusBadge } from '../../../components/StatusBadge';
import { useCourse } from '../../../hooks/useCourse';
import { formatDate, relativeDue } from '../../../lib/format';
import { useAssignment } from '../api/assignments';
import { ExtensionsPanel } from '../components/ExtensionsPanel';
import { LatePolicyNote } from '../components/LateNote';
import { QuizStaff } from '../components/QuizStaff';
import { QuizTaking } from '../components/QuizTaking';
import { RubricSettings } from '../components/RubricSettings';
import { StudentSubmission } from '../components/StudentSubmission';
import { SubmissionsReview } from '../components/SubmissionsReview';

/** /courses/:courseId/assignments/:assignmentId — the assignment; staff grade it, a student hands work in. */
export default function AssignmentPage() {
  const { t } = useTranslation();
  const { courseId = '', assignmentId = '' } = useParams();
  const course = useCourse(courseId);
  const assignment = useAssignment(courseId, assignmentId);
  return (
    <QueryState query={assignment}>
      {(a) => {
        // A student's own due date and cut-off: their extension moves both (docs/adr/0128).
        const myDue =
          a.my_extended_due_date && a.my_extended_due_date > a.due_date ? a.my_extended_due_date : a.due_date;
        const shift = Date.parse(myDue) - Date.parse(a.due_date);
        const myCutoff = a.late_cutoff && new Date(Date.parse(a.late_cutoff) + shift).toISOString();
        const due = relativeDue(myDue);
        const staff = course.data ? course.data.my_role !== 'student' : false;
        return (
          <Stack>
            <Breadcrumbs>
              <Anchor component={Link} to="/courses">
                {t('nav.courses')}
              </Anchor>
              <Anchor component={Link} to={`/courses/${courseId}/assignments`}>
                {course.data?.name ?? '…'}
              </Anchor>
              <Text>{a.title}</Text>
            </Breadcrumbs>
            <Group justify="space-between">
              <Title order={2}>{a.title}</Title>
              <StatusBadge status={a.status} />
            </Group>
            <Card withBorder>
              <Stack gap={4}>
                <Text size="sm" c={due.overdue ? 'red.9' : undefined}>
                  {due.overdue
                    ? t('assignments.overdue', { when: due.text })
                    : t('assignments.dueIn', { when: due.text })}{' '}
                  · {formatDate(myDue)} · {t('assignments.maxScore')}: {a.max_score}
                </Text>
                {a.description && <Text>{a.description}</Text>}
                {a.instructions && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {a.instructions}
                  </Text>
                )}
                {a.allow_late ? (
                  <LatePolicyNote
                    penalty={a.late_penalty}
                    cutoff={myCutoff}
                    extension={a.my_extended_due_date}
                  />
                ) : (
                  a.my_extended_due_date && (
                    <LatePolicyNote penalty={null} cutoff={null} extension={a.my_extended_due_date} />
                  )
                )}
              </Stack>
            </Card>
            {course.data &&
              a.kind === 'quiz' &&
              (staff ? (
                <QuizStaff courseId={courseId} assignmentId={a.id} />
              ) : (
                <QuizTaking courseId={courseId} assignment={a} />
              ))}
            {course.data &&
              a.kind !== 'quiz' &&
              (staff ? (
                <>
                  <RubricSettings courseId={courseId} assignment={a} />
                  <SubmissionsReview courseId={courseId} assignment={a} />
                  <ExtensionsPanel courseId={courseId} assignment={a} />
                </>
              ) : (
                <StudentSubmission courseId={courseId} assignment={a} />
              ))}
          </Stack>
        );
      }}
    </QueryState>
  );
}
