import { Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { tutorKeys } from './keys';
import { type TutorMode, tutorModes } from './modes';

/** The mode, each with its one-line description (under the field and in the list). */
export function ModePicker({ value, onChange }: { value: TutorMode; onChange: (mode: TutorMode) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('tutor.mode')}
      description={t(`tutor.modeInfo.${value}`)}
      value={value}
      onChange={(v) => v && onChange(v as TutorMode)}
      allowDeselect={false}
      data={tutorModes.map((m) => ({ value: m, label: t(`tutor.modeName.${m}`) }))}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed">
            {t(`tutor.modeInfo.${option.value}`)}
          </Text>
        </Stack>
      )}
      comboboxProps={{ width: 'target' }}
    />
  );
}

/** The courses the student belongs to, whose material the tutor may cite; empty for the shipped notes. */
export function CoursePicker({
  value,
  onChange,
  label,
}: {
  value: string | null;
  onChange: (courseId: string | null) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  const courses = useQuery({
    queryKey: tutorKeys.myCourses,
    queryFn: () => api.courses.list({ limit: 100 }),
  });
  return (
    <Select
      label={label ?? t('tutor.course')}
      description={t('tutor.courseHint')}
      placeholder={t('tutor.noCourse')}
      value={value}
      onChange={onChange}
      clearable
      disabled={courses.isPending}
      data={(courses.data?.courses ?? []).map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` }))}
      nothingFoundMessage={t('tutor.noCourses')}
    />
  );
}

export function PickerRow({ children }: { children: React.ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {children}
    </SimpleGrid>
  );
}
