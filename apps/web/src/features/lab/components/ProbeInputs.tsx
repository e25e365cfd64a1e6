import { Group, Text, TextInput } from '@mantine/core';
import { type Dispatch, type SetStateAction, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The point where the sweep reports the field and potential, as typed ('' for none). */
export interface Probe {
  x: string;
  y: string;
}

interface Props {
  probe: Probe;
  onChange: Dispatch<SetStateAction<Probe>>;
  errors: { x: string | undefined; y: string | undefined };
}

/** The probe point's coordinates, with the hint that explains them. */
export function ProbeInputs({ probe, onChange, errors }: Props) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <Group align="flex-start" gap="xs" wrap="wrap">
      <TextInput
        label={t('lab.sweep.probeX')}
        value={probe.x}
        onChange={(e) => {
          // Read now: the updater runs after the event, when currentTarget is gone.
          const x = e.currentTarget.value;
          onChange((old) => ({ ...old, x }));
        }}
        error={errors.x}
        aria-describedby={hintId}
        w={200}
        inputMode="decimal"
      />
      <TextInput
        label={t('lab.sweep.probeY')}
        value={probe.y}
        onChange={(e) => {
          // Read now: the updater runs after the event, when currentTarget is gone.
          const y = e.currentTarget.value;
          onChange((old) => ({ ...old, y }));
        }}
        error={errors.y}
        aria-describedby={hintId}
        w={200}
        inputMode="decimal"
      />
      <Text size="xs" c="dimmed" w="100%" id={hintId}>
        {t('lab.sweep.probeHint')}
      </Text>
    </Group>
  );
}
