import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import type { NotificationItem } from '../api/notifications';

/** One notification: what happened, to what, in which course; opening it marks it read. */
export function NotificationRow({ item, onRead }: { item: NotificationItem; onRead: (id: string) => void }) {
  const { t } = useTranslation();
  const what =
    item.kind === 'assignment'
      ? t(`notifications.change.${item.change ?? 'changed'}`)
      : t(`notifications.kind.${item.kind}`);
  return (
    <Paper
      withBorder
      p="sm"
      bg={item.read ? undefined : 'var(--mantine-color-blue-light)'}
      data-testid="notification"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group gap="xs">
            {!item.read && (
              <Badge size="sm" color="blue">
                {t('notifications.unread')}
              </Badge>
            )}
            <Text size="sm" fw={600}>
              {what}
            </Text>
          </Group>
          <Anchor component={Link} to={item.link} onClick={() => !item.read && onRead(item.id)}>
            {item.subject_title}
          </Anchor>
          <Text size="sm" c="dimmed">
            {item.course_name} · {formatDate(item.created_at)}
            {item.due_date ? ` · ${t('notifications.due', { date: formatDate(item.due_date) })}` : ''}
          </Text>
        </Stack>
        {!item.read && (
          <Button
            variant="subtle"
            size="compact-sm"
            style={{ flexShrink: 0 }}
            onClick={() => onRead(item.id)}
            aria-label={t('notifications.markReadOne', { title: item.subject_title })}
          >
            {t('notifications.markRead')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
