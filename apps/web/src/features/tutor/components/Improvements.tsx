import type { WritingAnalysisResponse } from '@faraday/contracts';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkedText } from './MarkedText';

/** The numbered improvements beside the text, each pointing at the sentence or paragraph it is about. */
export function Improvements({ text, result }: { text: string; result: WritingAnalysisResponse }) {
  const { t } = useTranslation();
  const [active, setActive] = useState<number | null>(null);
  const focus = (n: number) => {
    setActive(n);
    document.getElementById(`improvement-${n}`)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  };
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('tutor.writing.improvements')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {result.improvements.map((imp, i) => (
            <Card
              key={`${imp.dimension}-${imp.target.kind}-${imp.target.index}-${imp.issue}`}
              component="li"
              withBorder
              padding="sm"
              data-testid="improvement"
            >
              <Group gap="xs" mb={4} wrap="wrap">
                <Badge variant="filled" color="orange.9">
                  {i + 1}
                </Badge>
                <Badge variant="light">
                  {t(`tutor.writing.target.${imp.target.kind}`, { n: imp.target.index })}
                </Badge>
              </Group>
              <Text size="sm">{imp.issue}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                {imp.suggestion}
              </Text>
              {imp.target.kind !== 'document' && (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  mt={4}
                  w="fit-content"
                  onClick={() => focus(i + 1)}
                >
                  {t('tutor.writing.showInText')}
                </Button>
              )}
            </Card>
          ))}
        </Stack>
        <MarkedText text={text} result={result} active={active} />
      </SimpleGrid>
    </Stack>
  );
}
