import { simulationTypes } from '@faraday/contracts';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The eight solvers of the lab; their forms and figures come with the lab screens. */
export default function LabPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={2}>{t('nav.lab')}</Title>
      <Text>{t('lab.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {simulationTypes.map((type) => (
          <Card withBorder key={type}>
            <Title order={3} size="h5">
              {t(`lab.solvers.${type}`)}
            </Title>
            <Text size="sm" c="dimmed" ff="monospace">
              POST /api/v1/sim/{type}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Anchor href="/docs">{t('lab.docs')}</Anchor>
    </Stack>
  );
}
