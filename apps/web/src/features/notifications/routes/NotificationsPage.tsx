import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useNotifications, useReadAllNotifications, useReadNotification } from '../api/notifications';
import { NotificationRow } from '../components/NotificationRow';
import { PreferencesCard } from '../components/PreferencesCard';

/** /notifications — the user's notifications, unread first, and which kinds they receive. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useNotifications(page);
  const readOne = useReadNotification();
  const readAll = useReadAllNotifications({
    error: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('notifications.title')}</Title>
        <Button
          variant="light"
          onClick={() => readAll.mutate()}
          loading={readAll.isPending}
          disabled={(list.data?.unread_count ?? 0) === 0}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Group>
      <QueryState query={list}>
        {(data) =>
          data.notifications.length === 0 ? (
            <Text c="dimmed">{t('notifications.empty')}</Text>
          ) : (
            <Stack gap="xs">
              <Stack
                component="ul"
                gap="xs"
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-label={t('notifications.listLabel', { count: data.unread_count })}
              >
                {data.notifications.map((item) => (
                  <li key={item.id}>
                    <NotificationRow item={item} onRead={(id) => readOne.mutate(id)} />
                  </li>
                ))}
              </Stack>
              {data.total > data.limit && (
                <Group>
                  <Button variant="default" disabled={page === 1} onClick={() => setPage(page - 1)}>
                    {t('notifications.newer')}
                  </Button>
                  <Button
                    variant="default"
                    disabled={page * data.limit >= data.total}
                    onClick={() => setPage(page + 1)}
                  >
                    {t('notifications.older')}
                  </Button>
                </Group>
              )}
            </Stack>
          )
        }
      </QueryState>
      <PreferencesCard />
    </Stack>
  );
}
