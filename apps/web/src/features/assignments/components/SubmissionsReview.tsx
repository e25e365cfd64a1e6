import { Button, Card, Grid, Group, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import { StatusBadge } from '../../../components/StatusBadge';
import { useCourse } from '../../../hooks/useCourse';
import { useUnsavedChangesGuard } from '../../../hooks/useUnsavedChangesGuard';
import type { Assignment } from '../api/assignments';
import { useGradebook } from '../api/grades';
import { useDownloadSubmissionsZip, useSubmissions } from '../api/submissions';
import { GradingPanel } from './GradingPanel';

/** Staff: every student's submission with its state; open one to read its attempts and grade it. */
export function SubmissionsReview({ courseId, assignment }: { courseId: string; assignment: Assignment }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const list = useSubmissions(courseId, assignment.id);
  // Who has not handed in anything yet comes from the gradebook (one row per student).
  const book = useGradebook(courseId);
  const missing = (book.data?.students ?? []).filter(
    (s) => s.enrolled && s.grades.find((g) => g.assignment_id === assignment.id)?.status === 'missing',
  );
  const selected = params.get('submission');
  const submissions = list.data?.submissions ?? [];
  const index = submissions.findIndex((s) => s.id === selected);
  // Whether the open grading form holds a typed grade; moving to another student asks first.
  const [dirty, setDirty] = useState(false);
  const { prompt, confirmDiscard } = useUnsavedChangesGuard(dirty);
  // Arriving from another student (Previous, Next, Save and next) puts the cursor in Score.
  const [focusScore, setFocusScore] = useState(false);
  const show = (id: string, focus = false) => {
    setFocusScore(focus);
    setParams({ submission: id }, { replace: true });
  };
  const select = (id: string, focus = false) => confirmDiscard(() => show(id, focus));
  useEffect(() => {
    if (!selected && submissions[0]) show(submissions[0].id);
  });
  const course = useCourse(courseId);
  const zip = useDownloadSubmissionsZip(
    courseId,
    assignment.id,
    course.data ? `${course.data.name} - ${assignment.title}` : assignment.title,
  );
  const previous = index > 0 ? submissions[index - 1] : undefined;
  const next = index >= 0 && index < submissions.length - 1 ? submissions[index + 1] : undefined;
  return (
    <>
      {prompt}
      <QueryState query={list} isEmpty={(d) => d.submissions.length === 0} empty={t('grading.none')}>
        {() => (
          <Grid>
            <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
              <Card withBorder p="xs">
                <Stack gap="xs" p="xs">
                  <Title order={3} size="h5">
                    {t('grading.submissions', { count: submissions.length })}
                  </Title>
                  <Button size="xs" variant="light" loading={zip.isPending} onClick={() => zip.mutate()}>
                    {t('grading.downloadAll')}
                  </Button>
                </Stack>
                <ScrollArea.Autosize mah={480}>
                  {submissions.map((s) => (
                    <NavLink
                      key={s.id}
                      active={s.id === selected}
                      onClick={() => select(s.id)}
                      label={s.student_name}
                      description={s.resubmitted_after_grading ? t('grading.resubmitted') : undefined}
                      rightSection={<StatusBadge status={s.status} />}
                    />
                  ))}
                </ScrollArea.Autosize>
                {missing.length > 0 && (
                  <>
                    <Title order={3} size="h5" p="xs">
                      {t('grading.notSubmitted', { count: missing.length })}
                    </Title>
                    {missing.map((s) => (
                      <Group key={s.student_id} justify="space-between" px="sm" py={4}>
                        <Text size="sm">{s.name}</Text>
                        <StatusBadge status="missing" />
                      </Group>
                    ))}
                  </>
                )}
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
              {index >= 0 && (
                <GradingPanel
                  key={submissions[index]!.id}
                  courseId={courseId}
                  assignment={assignment}
                  submission={submissions[index]!}
                  onPrevious={previous ? () => select(previous.id, true) : undefined}
                  onNext={next ? () => select(next.id, true) : undefined}
                  onSavedNext={next ? () => show(next.id, true) : undefined}
                  onDirty={setDirty}
                  focusScore={focusScore}
                />
              )}
            </Grid.Col>
          </Grid>
        )}
      </QueryState>
    </>
  );
}
