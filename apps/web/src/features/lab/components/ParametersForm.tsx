import type { SolverName } from '@faraday/physics/schemas';
import { Button, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCourseOptions } from '../api/courses';
import type { Draft, Field } from '../utils/schema-form';
import { type FormErrors, SolverForm } from './SolverForm';

interface Props {
  solver: SolverName;
  fields: Field[];
  draft: Draft;
  onDraft: (draft: Draft) => void;
  errors: FormErrors;
  courseId: string;
  onCourseId: (courseId: string) => void;
  title: string;
  onTitle: (title: string) => void;
  running: boolean;
  onSubmit: (event: FormEvent) => void;
}

/** The solver's parameters, the course and title the run is filed under, and the Run button. */
export function ParametersForm(props: Props) {
  const { solver, errors, running, onSubmit } = props;
  const { t } = useTranslation();
  const courses = useCourseOptions();
  const invalidCount = Object.keys(errors.issues).length;
  return (
    <Paper withBorder p="sm" component="form" onSubmit={onSubmit} noValidate aria-label={t('lab.parameters')}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('lab.parameters')}
        </Title>
        <SolverForm fields={props.fields} draft={props.draft} onChange={props.onDraft} errors={errors} />
        <NativeSelect
          label={t('lab.course')}
          description={t('lab.courseHint')}
          data={[{ value: '', label: t('lab.noCourse') }, ...(courses.data ?? [])]}
          value={props.courseId}
          onChange={(event) => props.onCourseId(event.currentTarget.value)}
        />
        <TextInput
          label={t('lab.runTitle')}
          placeholder={t(`lab.solvers.${solver}`)}
          value={props.title}
          maxLength={200}
          onChange={(event) => props.onTitle(event.currentTarget.value)}
        />
        {invalidCount > 0 && (
          <Text size="sm" c="red.8" role="status">
            {t('lab.fixFields', { count: invalidCount })}
          </Text>
        )}
        <Button type="submit" loading={running} disabled={invalidCount > 0}>
          {t('lab.run')}
        </Button>
      </Stack>
    </Paper>
  );
}
