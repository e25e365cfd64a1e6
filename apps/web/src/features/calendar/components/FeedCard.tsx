import { Button, Card, CopyButton, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { QueryState } from '../../../components/QueryState';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useCalendarFeed, useRevokeCalendarFeed, useRotateCalendarFeed } from '../api/calendar';

type Asking = 'rotate' | 'revoke' | null;

/**
 * The private feed URL: made (and shown) once, copied into a calendar program; a new one
 * replaces it, turning it off ends it. The server keeps only a hash, so a URL made earlier
 * cannot be shown again (ADR 0143).
 */
export function FeedCard() {
  const { t } = useTranslation();
  const feed = useCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const failed = (error: unknown) => notify({ color: 'red', message: errorMessage(error, t) });
  const rotate = useRotateCalendarFeed({
    success: (made) => {
      setUrl(made);
      setAsking(null);
    },
    error: failed,
  });
  const revoke = useRevokeCalendarFeed({
    success: () => {
      setUrl(null);
      setAsking(null);
      notify({ color: 'teal', message: t('calendar.feed.revoked') });
    },
    error: failed,
  });

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('calendar.feed.title')}
        </Title>
        <Text size="sm">{t('calendar.feed.intro')}</Text>
        <List size="sm" spacing={2}>
          <List.Item>{t('calendar.feed.google')}</List.Item>
          <List.Item>{t('calendar.feed.outlook')}</List.Item>
          <List.Item>{t('calendar.feed.apple')}</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          {t('calendar.feed.private')}
        </Text>
        <QueryState query={feed}>
          {(state) => (
            <Stack gap="sm">
              {url ? (
                <Paper withBorder p="sm" bg="var(--mantine-color-green-light)">
                  <Text fw={700} size="sm" mb="xs">
                    {t('calendar.feed.copyNow')}
                  </Text>
                  <Group align="flex-end" wrap="nowrap">
                    <TextInput
                      readOnly
                      label={t('calendar.feed.url')}
                      value={url}
                      onFocus={(e) => e.currentTarget.select()}
                      style={{ flex: 1, minWidth: 0 }}
                      data-testid="feed-url"
                    />
                    <CopyButton value={url}>
                      {({ copied, copy }) => (
                        <Button variant="default" onClick={copy}>
                          {copied ? t('common.copied') : t('common.copy')}
                        </Button>
                      )}
                    </CopyButton>
                  </Group>
                </Paper>
              ) : state.active && state.created_at ? (
                <Text size="sm">{t('calendar.feed.exists', { date: formatDate(state.created_at) })}</Text>
              ) : (
                <Text size="sm">{t('calendar.feed.none')}</Text>
              )}
              <Group>
                <Button
                  variant={state.active ? 'default' : 'filled'}
                  loading={rotate.isPending && asking === null}
                  onClick={() => (state.active ? setAsking('rotate') : rotate.mutate())}
                >
                  {state.active ? t('calendar.feed.rotate') : t('calendar.feed.create')}
                </Button>
                {state.active && (
                  <Button variant="default" color="red" onClick={() => setAsking('revoke')}>
                    {t('calendar.feed.revoke')}
                  </Button>
                )}
              </Group>
            </Stack>
          )}
        </QueryState>
      </Stack>
      <AppModal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking === 'revoke' ? t('calendar.feed.revokeTitle') : t('calendar.feed.rotateTitle')}
      >
        <Stack>
          <Text>
            {asking === 'revoke' ? t('calendar.feed.revokeQuestion') : t('calendar.feed.rotateQuestion')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={rotate.isPending || revoke.isPending}
              onClick={() => (asking === 'revoke' ? revoke.mutate() : rotate.mutate())}
            >
              {asking === 'revoke' ? t('calendar.feed.revoke') : t('calendar.feed.rotate')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Card>
  );
}
