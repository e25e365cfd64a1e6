import { Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type CourseList, useMyCourses } from '../../../hooks/useMyCourses';
import { type TutorMode, tutorModes } from '../utils/modes';

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

const asOptions = (data: CourseList) =>
  data.courses.map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` }));

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
  const courses = useMyCourses(asOptions);
  return (
    <Select
      label={label ?? t('tutor.course')}
      description={t('tutor.courseHint')}
      placeholder={t('tutor.noCourse')}
      value={value}
      onChange={onChange}
      clearable
      disabled={courses.isPending}
      data={courses.data ?? []}
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
