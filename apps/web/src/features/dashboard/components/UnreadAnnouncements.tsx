import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import { formatDate } from '../../../lib/format';
import { useUnreadAnnouncements } from '../api/dashboard';

/** Announcements the user has not read yet, newest first, each a link to its course's announcements. */
export function UnreadAnnouncements() {
  const { t } = useTranslation();
  const unread = useUnreadAnnouncements();
  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="sm">
        {t('dashboard.announcements')}
      </Title>
      <QueryState
        query={unread}
        isEmpty={(d) => d.announcements.length === 0}
        empty={t('dashboard.noAnnouncements')}
      >
        {(data) => (
          <Stack gap="xs">
            {data.announcements.map((a) => (
              <Stack key={a.id} gap={0}>
                <Anchor component={Link} to={`/courses/${a.course_id}/announcements`}>
                  {a.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {a.course_name} · {formatDate(a.created_at)}
                </Text>
              </Stack>
            ))}
            {data.total > data.announcements.length && (
              <Text size="xs" c="dimmed">
                {t('dashboard.moreUnread', { count: data.total - data.announcements.length })}
              </Text>
            )}
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}
