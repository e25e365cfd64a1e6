import { Alert, Button, Group, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportDirty } from '../../../components/FormModal';
import { fieldProblems } from '../../../lib/errors';
import { type CourseFields, type ScheduleRow, useSaveCourse } from '../api/courses';
import { ScheduleEditor } from './ScheduleEditor';

const empty: CourseFields = {
  name: '',
  code: '',
  semester: '',
  description: '',
  syllabus: '',
  schedule: [],
  max_students: 100,
};

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Create a course, or edit one (code and semester are fixed once created). */
export function CourseForm({
  course,
  onDone,
}: {
  course?: CourseFields & { id: string };
  onDone: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<CourseFields>(course ?? empty);
  const set = (key: keyof CourseFields) => (value: string | number | ScheduleRow[]) =>
    setFields((f) => ({ ...f, [key]: value }));
  const initial = course ?? empty;
  const saved = useReportDirty(
    (Object.keys(empty) as (keyof CourseFields)[]).some((k) => !same(fields[k], initial[k])),
  );
  const save = useSaveCourse(course?.id, (id) => {
    saved();
    onDone(id);
  });
  const problems = fieldProblems(save.error, t, Object.keys(empty), { COURSE_CODE_EXISTS: 'code' });
  const errorFor = (name: string) => problems.byField[name];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(fields);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {problems.summary && (
          <Alert color="red" role="alert">
            {problems.summary}
          </Alert>
        )}
        <TextInput
          label={t('courses.name')}
          value={fields.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={errorFor('name')}
          required
        />
        <Group grow>
          <TextInput
            label={t('courses.code')}
            value={fields.code}
            onChange={(e) => set('code')(e.currentTarget.value)}
            error={errorFor('code')}
            disabled={Boolean(course)}
            required
          />
          <TextInput
            label={t('courses.semester')}
            description={t('courses.semesterHint')}
            placeholder="2026-2027-1"
            value={fields.semester}
            onChange={(e) => set('semester')(e.currentTarget.value)}
            error={errorFor('semester')}
            disabled={Boolean(course)}
            required
          />
        </Group>
        <Textarea
          label={t('courses.description')}
          value={fields.description}
          onChange={(e) => set('description')(e.currentTarget.value)}
          error={errorFor('description')}
          autosize
          minRows={2}
        />
        <Textarea
          label={t('courses.syllabus')}
          value={fields.syllabus}
          onChange={(e) => set('syllabus')(e.currentTarget.value)}
          error={errorFor('syllabus')}
          autosize
          minRows={3}
        />
        <ScheduleEditor rows={fields.schedule} onChange={set('schedule')} />
        {errorFor('schedule') && (
          <Text c="red" size="sm" role="alert">
            {errorFor('schedule')}
          </Text>
        )}
        <NumberInput
          label={t('courses.maxStudents')}
          value={fields.max_students}
          onChange={(v) => set('max_students')(Number(v) || 0)}
          min={1}
          error={errorFor('max_students')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
