import type { LatePenalty } from '@faraday/contracts';
import { Checkbox, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A date-time as the value of a datetime-local input, in the user's time zone. */
export function localInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** What the form holds of the late policy: the penalty (on or off) and the cut-off as typed. */
export interface LateValue {
  penalty: boolean;
  percent: number;
  per: 'day' | 'hour';
  max: number;
  cutoff: string;
}

export function lateValueOf(
  assignment: { late_penalty: LatePenalty | null; late_cutoff: string | null } | undefined,
): LateValue {
  const p = assignment?.late_penalty ?? null;
  return {
    penalty: p !== null,
    percent: p?.percent ?? 10,
    per: p?.per ?? 'day',
    max: p?.max_percent ?? 50,
    cutoff: assignment?.late_cutoff ? localInput(new Date(assignment.late_cutoff)) : '',
  };
}

/** The request fields: no penalty and no cut-off unless late work is accepted. */
export function lateFieldsOf(
  allowLate: boolean,
  value: LateValue,
): { late_penalty: LatePenalty | null; late_cutoff: string | null } {
  if (!allowLate) return { late_penalty: null, late_cutoff: null };
  return {
    late_penalty: value.penalty ? { percent: value.percent, per: value.per, max_percent: value.max } : null,
    late_cutoff: value.cutoff ? new Date(value.cutoff).toISOString() : null,
  };
}

/** Late penalty (percent per started day or hour, capped) and the final cut-off. */
export function LateSettings({
  value,
  onChange,
  editing,
  errors,
}: {
  value: LateValue;
  onChange: (value: LateValue) => void;
  editing: boolean;
  errors: { penalty?: string | undefined; cutoff?: string | undefined };
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<LateValue>) => onChange({ ...value, ...patch });
  return (
    <Stack gap="xs" pl="lg">
      <Checkbox
        label={t('late.penalty')}
        checked={value.penalty}
        onChange={(e) => set({ penalty: e.currentTarget.checked })}
      />
      {value.penalty && (
        <Group grow align="flex-start">
          <NumberInput
            label={t('late.percent')}
            value={value.percent}
            onChange={(v) => set({ percent: Number(v) || 0 })}
            min={1}
            max={100}
            suffix="%"
            error={errors.penalty}
          />
          <Select
            label={t('late.per')}
            value={value.per}
            onChange={(v) => set({ per: v === 'hour' ? 'hour' : 'day' })}
            data={[
              { value: 'day', label: t('late.perOptions.day') },
              { value: 'hour', label: t('late.perOptions.hour') },
            ]}
            allowDeselect={false}
          />
          <NumberInput
            label={t('late.maxPercent')}
            value={value.max}
            onChange={(v) => set({ max: Number(v) || 0 })}
            min={1}
            max={100}
            suffix="%"
          />
        </Group>
      )}
      {value.penalty && editing && (
        <Text size="xs" c="dimmed">
          {t('late.repriceNote')}
        </Text>
      )}
      <TextInput
        type="datetime-local"
        label={t('late.cutoff')}
        description={t('late.cutoffHint')}
        value={value.cutoff}
        onChange={(e) => set({ cutoff: e.currentTarget.value })}
        error={errors.cutoff}
      />
    </Stack>
  );
}
