import type { ConversationMessage } from '@faraday/contracts';
import { Accordion, Badge, Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const asJson = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** Each tool the tutor ran, with its arguments and result, as a card that opens on demand. */
export function ToolCards({
  calls,
  results,
}: {
  calls: ConversationMessage['tool_calls'];
  results: ConversationMessage['tool_results'];
}) {
  const { t } = useTranslation();
  if (calls.length === 0) return null;
  return (
    <Stack gap={4} mt="xs">
      <Text size="xs" fw={600} c="dimmed">
        {t('tutor.tools.title', { count: calls.length })}
      </Text>
      <Accordion variant="separated" multiple chevronPosition="left">
        {calls.map((call) => {
          const result = results.find((r) => r.id === call.id);
          return (
            <Accordion.Item key={call.id} value={call.id}>
              <Accordion.Control>
                <Group gap="xs" wrap="nowrap">
                  <Code>{call.name}</Code>
                  {result && (
                    <Badge color={result.ok ? 'green' : 'red'} variant="light" size="sm">
                      {result.ok ? t('tutor.tools.ok') : t('tutor.tools.failed')}
                    </Badge>
                  )}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="xs">
                  <Text size="xs" fw={600}>
                    {t('tutor.tools.arguments')}
                  </Text>
                  {/* A scrolling block must be reachable by keyboard to be read to its end. */}
                  <Code block tabIndex={0} style={{ maxHeight: 240, overflow: 'auto' }}>
                    {asJson(call.arguments)}
                  </Code>
                  <Text size="xs" fw={600}>
                    {t('tutor.tools.result')}
                  </Text>
                  <Code block tabIndex={0} style={{ maxHeight: 320, overflow: 'auto' }}>
                    {result
                      ? result.ok
                        ? asJson(result.result)
                        : (result.error ?? '')
                      : t('tutor.tools.noResult')}
                  </Code>
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
