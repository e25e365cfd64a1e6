import { Button, Group, MultiSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useSaveGradeCategories } from '../api/grades';

interface Category {
  name: string;
  weight: number;
  assignment_ids: string[];
}

/** The weighted categories the course total is built from (teacher and admin). */
export function GradeCategoriesDialog({
  courseId,
  assignments,
  initial,
  onClose,
}: {
  courseId: string;
  assignments: { id: string; title: string }[];
  initial: Category[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [categories, setCategories] = useState<Category[]>(initial);
  const save = useSaveGradeCategories(courseId);
  const change = (i: number, patch: Partial<Category>) =>
    setCategories((all) => all.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const takenElsewhere = (i: number) =>
    new Set(categories.flatMap((c, j) => (j === i ? [] : c.assignment_ids)));
  return (
    <AppModal opened onClose={onClose} title={t('gradebook.categories')} size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('gradebook.categoriesHint')}
        </Text>
        {categories.map((c, i) => {
          const n = i + 1;
          const taken = takenElsewhere(i);
          return (
            <fieldset key={n} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
              <legend>{t('gradebook.categoryN', { n })}</legend>
              <Group align="flex-end" wrap="wrap">
                <TextInput
                  label={t('gradebook.categoryName')}
                  value={c.name}
                  maxLength={100}
                  onChange={(e) => change(i, { name: e.currentTarget.value })}
                />
                <NumberInput
                  label={t('gradebook.weight')}
                  w={100}
                  min={0}
                  max={1000}
                  value={c.weight}
                  onChange={(v) => change(i, { weight: Number(v) || 0 })}
                />
                <Button
                  variant="subtle"
                  color="red"
                  aria-label={t('gradebook.removeCategoryN', { n })}
                  onClick={() => setCategories((all) => all.filter((_, j) => j !== i))}
                >
                  {t('rubrics.remove')}
                </Button>
              </Group>
              <MultiSelect
                // Searchable: a course has dozens of assignments (and Mantine then shows a real input).
                searchable
                mt="xs"
                label={t('gradebook.categoryAssignments')}
                data={assignments
                  .filter((a) => !taken.has(a.id))
                  .map((a) => ({ value: a.id, label: a.title }))}
                value={c.assignment_ids}
                onChange={(ids) => change(i, { assignment_ids: ids })}
              />
            </fieldset>
          );
        })}
        <Group justify="space-between">
          <Button
            variant="light"
            onClick={() => setCategories((all) => [...all, { name: '', weight: 0, assignment_ids: [] }])}
          >
            {t('gradebook.addCategory')}
          </Button>
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate(categories, {
                onSuccess: () => {
                  notify({ color: 'green', message: t('gradebook.categoriesSaved') });
                  onClose();
                },
                onError: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
              })
            }
          >
            {t('gradebook.save')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
