import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Axis } from '../utils/sweep-form';

interface Props {
  /** 1 or 2: the first or second parameter. */
  n: number;
  axis: Axis;
  options: { value: string; label: string }[];
  errors: {
    path?: string | undefined;
    start?: string | undefined;
    end?: string | undefined;
    steps?: string | undefined;
    /** A value between the ends that the parameter refuses (a whole-number field stepped to 420.7). */
    values?: string | undefined;
  };
  onPath: (path: string) => void;
  onEdit: (key: 'start' | 'end' | 'steps', value: string) => void;
  /** Only the second parameter can be removed. */
  onRemove: (() => void) | undefined;
}

/** The parameter to sweep, from, to, and in how many steps. */
export function SweepAxisRow({ n, axis, options, errors, onPath, onEdit, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <NativeSelect
          label={t('lab.sweep.parameter', { n })}
          data={options}
          value={axis.path}
          onChange={(event) => onPath(event.currentTarget.value)}
          miw={160}
          error={errors.path}
        />
        <TextInput
          label={t('lab.from')}
          value={axis.start}
          onChange={(e) => onEdit('start', e.currentTarget.value)}
          error={errors.start}
          w={120}
          inputMode="decimal"
        />
        <TextInput
          label={t('lab.to')}
          value={axis.end}
          onChange={(e) => onEdit('end', e.currentTarget.value)}
          error={errors.end}
          w={120}
          inputMode="decimal"
        />
        <TextInput
          label={t('lab.sweep.steps')}
          value={axis.steps}
          onChange={(e) => onEdit('steps', e.currentTarget.value)}
          error={errors.steps}
          w={90}
          inputMode="numeric"
        />
        {onRemove && (
          <Button variant="subtle" color="red" mt={24} size="xs" onClick={onRemove}>
            {t('lab.sweep.removeSecond')}
          </Button>
        )}
      </Group>
      {errors.values && (
        <Text size="sm" c="red.8" role="alert" data-testid={`sweep-values-${n}`}>
          {errors.values}
        </Text>
      )}
    </Stack>
  );
}
