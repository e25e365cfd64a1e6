import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import type { Assignment } from '../api/assignments';
import {
  type Rubric,
  useAssignmentRubric,
  useAttachRubric,
  useCopyRubric,
  useCourseRubrics,
} from '../api/rubrics';
import { RubricBuilder } from './RubricBuilder';
import { RubricTable } from './RubricTable';

/**
 * Staff: the rubric this assignment is graded with. Choose one of the course's rubrics (reuse),
 * build a new one, edit it while no grade has used it, or copy it once one has (ADR 0148).
 */
export function RubricSettings({ courseId, assignment }: { courseId: string; assignment: Assignment }) {
  const { t } = useTranslation();
  const rubrics = useCourseRubrics(courseId);
  const attached = useAssignmentRubric(courseId, assignment.id);
  const [editing, setEditing] = useState<Rubric | 'new' | null>(null);
  const fail = (error: unknown) => notify({ color: 'red', message: errorMessage(error, t) });
  const attach = useAttachRubric(courseId, assignment.id, fail);
  const copy = useCopyRubric(courseId, { success: (made) => setEditing(made), error: fail });
  const current = attached.data?.rubric ?? null;
  const options = (rubrics.data?.rubrics ?? []).map((r) => ({
    value: r.id,
    label: t('rubrics.option', { title: r.title, points: r.max_points }),
  }));
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('rubrics.heading')}
          </Title>
          <Group gap="xs">
            {current && !current.in_use && (
              <Button variant="default" size="xs" onClick={() => setEditing(current)}>
                {t('rubrics.edit')}
              </Button>
            )}
            {current?.in_use && (
              <Button
                variant="default"
                size="xs"
                loading={copy.isPending}
                onClick={() =>
                  copy.mutate({ id: current.id, title: t('rubrics.copyTitle', { title: current.title }) })
                }
              >
                {t('rubrics.copyToChange')}
              </Button>
            )}
            <Button size="xs" onClick={() => setEditing('new')}>
              {t('rubrics.create')}
            </Button>
          </Group>
        </Group>
        <Select
          label={t('rubrics.gradeWith')}
          placeholder={t('rubrics.none')}
          data={options}
          value={current?.id ?? null}
          clearable
          disabled={attach.isPending}
          onChange={(value) => attach.mutate(value)}
        />
        {current?.in_use && (
          <Text size="xs" c="dimmed">
            {t('rubrics.inUse')}
          </Text>
        )}
        {current && <RubricTable rubric={current} />}
      </Stack>
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('rubrics.create') : t('rubrics.edit')}
        size="xl"
      >
        <RubricBuilder
          courseId={courseId}
          rubric={editing === 'new' ? null : editing}
          maxScore={assignment.max_score}
          onSaved={(stored) => {
            setEditing(null);
            attach.mutate(stored.id);
          }}
        />
      </FormModal>
    </Card>
  );
}
