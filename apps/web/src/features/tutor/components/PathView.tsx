import type { GuidedChatResponse } from '@faraday/contracts';
import { Card, Group, List, Stack, Stepper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LabelledProgress } from './LabelledProgress';

/** The learning path with the current step highlighted, progress, weak points. */
export function PathView({ state }: { state: GuidedChatResponse }) {
  const { t } = useTranslation();
  const active = state.completed ? state.total_steps : state.current_step - 1;
  return (
    <Stack gap="sm">
      <div>
        <Group justify="space-between" mb={4}>
          <Text size="sm" fw={600}>
            {t('tutor.guided.progress')}
          </Text>
          <Text size="sm" fw={600} data-testid="guided-progress">
            {state.progress_percentage} %
          </Text>
        </Group>
        <LabelledProgress
          value={state.progress_percentage}
          size="lg"
          color={state.completed ? 'green' : 'blue'}
          label={t('tutor.guided.progress')}
        />
      </div>
      <Stepper active={active} orientation="vertical" size="sm" allowNextStepsSelect={false}>
        {state.learning_path.map((step) => (
          <Stepper.Step
            key={step.step}
            label={step.title}
            description={step.goal}
            aria-current={step.status === 'current' ? 'step' : undefined}
            data-status={step.status}
          />
        ))}
      </Stepper>
      {state.weak_points.length > 0 && (
        <Card withBorder padding="sm">
          <Text size="sm" fw={600} mb={4}>
            {t('tutor.guided.weakPoints')}
          </Text>
          <List size="sm" spacing={4}>
            {state.weak_points.map((w) => (
              <List.Item key={`${w.step}-${w.note}`}>
                <Text span fw={600} size="sm">
                  {w.title}:
                </Text>{' '}
                {w.note}
              </List.Item>
            ))}
          </List>
        </Card>
      )}
    </Stack>
  );
}
