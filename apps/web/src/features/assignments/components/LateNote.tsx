import type { LatePenalty } from '@faraday/contracts';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/** "2 d 3 h", "45 min": how late work came, to the minute. */
export function formatLateBy(seconds: number, t: TFunction): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.ceil((seconds % 3_600) / 60);
  const parts = [
    days > 0 ? t('late.days', { count: days }) : '',
    hours > 0 ? t('late.hours', { count: hours }) : '',
    days === 0 && minutes > 0 ? t('late.minutes', { count: minutes }) : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** The assignment's late rule as a sentence, for everyone who reads the assignment. */
export function LatePolicyNote({
  penalty,
  cutoff,
  extension,
}: {
  penalty: LatePenalty | null;
  cutoff: string | null;
  extension?: string | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      {extension && (
        <Text size="sm" fw={600}>
          {t('late.yourExtension', { when: formatDate(extension) })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {penalty
          ? t('late.policy', {
              percent: penalty.percent,
              per: t(`late.units.${penalty.per}`),
              max: penalty.max_percent,
            })
          : t('late.policyNoPenalty')}{' '}
        {cutoff && t('late.until', { when: formatDate(cutoff) })}
      </Text>
    </>
  );
}

/** On time or late by how much, and the grade after the penalty when one applies. */
export function LateSummary({
  submission,
  maxScore,
  compact = false,
}: {
  submission: {
    late_by_seconds: number;
    late_penalty_percent: number;
    score: number | null;
    final_score: number | null;
  };
  maxScore: number;
  /** Only the raw grade and the percent: where the final grade is shown already. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const penalised = submission.score !== null && submission.late_penalty_percent > 0;
  return (
    <>
      <Text size="sm" c={submission.late_by_seconds > 0 ? 'red.9' : 'dimmed'}>
        {submission.late_by_seconds > 0
          ? t('late.lateBy', { time: formatLateBy(submission.late_by_seconds, t) })
          : t('late.onTime')}
      </Text>
      {penalised && compact && (
        <Text size="sm">
          {t('late.rawScore', { raw: submission.score, percent: submission.late_penalty_percent })}
        </Text>
      )}
      {penalised && !compact && (
        <Text size="sm" fw={600}>
          {t('late.finalScore', {
            final: submission.final_score,
            max: maxScore,
            raw: submission.score,
            percent: submission.late_penalty_percent,
          })}
        </Text>
      )}
    </>
  );
}
