import { simulationTypes } from '@faraday/contracts';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The lab's front page: the eight solvers, each opening its own page, and the run history. */
export default function LabPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('nav.lab')}</Title>
          <Text>{t('lab.intro')}</Text>
        </div>
        <Anchor component={Link} to="/lab/history">
          {t('lab.history.title')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {simulationTypes.map((type) => (
          <Card
            withBorder
            key={type}
            component={Link}
            to={`/lab/${type}`}
            aria-label={t(`lab.solvers.${type}`)}
          >
            <Title order={3} size="h5" c="blue.8">
              {t(`lab.solvers.${type}`)}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`lab.about.${type}`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Anchor href="/docs">{t('lab.docs')}</Anchor>
    </Stack>
  );
}
