import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MarkdownText } from '../../../components/MarkdownText';
import { downloadFile } from '../../../lib/download';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import type { Announcement } from '../api/announcements';

/** One announcement: title with its pinned and new marks, who and when, the message, the file; staff actions. */
export function AnnouncementCard({
  announcement: a,
  staff,
  pinning,
  onEdit,
  onPin,
  onDelete,
}: {
  announcement: Announcement;
  staff: boolean;
  pinning: boolean;
  onEdit: () => void;
  onPin: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const download = async (attachment: NonNullable<Announcement['attachment']>) => {
    try {
      await downloadFile(attachment.download_url, attachment.file_name);
    } catch (error) {
      notify({ color: 'red', message: errorMessage(error, t) });
    }
  };
  return (
    <Card withBorder component="article" aria-labelledby={`announcement-${a.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={3} size="h4" id={`announcement-${a.id}`}>
                {a.title}
              </Title>
              {a.pinned && <Badge color="blue">{t('announcements.pinned')}</Badge>}
              {!a.read && <Badge color="red">{t('announcements.unread')}</Badge>}
            </Group>
            <Text size="sm" c="dimmed">
              {t('announcements.postedBy', { name: a.author_name ?? '—', date: formatDate(a.created_at) })}
              {a.updated_at !== a.created_at &&
                ` · ${t('announcements.edited', { date: formatDate(a.updated_at) })}`}
            </Text>
          </Stack>
          {staff && (
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                variant="subtle"
                onClick={onEdit}
                aria-label={t('announcements.editNamed', { title: a.title })}
              >
                {t('common.edit')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                loading={pinning}
                onClick={onPin}
                aria-label={t(a.pinned ? 'announcements.unpinNamed' : 'announcements.pinNamed', {
                  title: a.title,
                })}
              >
                {t(a.pinned ? 'announcements.unpin' : 'announcements.pin')}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="subtle"
                onClick={onDelete}
                aria-label={t('announcements.deleteNamed', { title: a.title })}
              >
                {t('common.delete')}
              </Button>
            </Group>
          )}
        </Group>
        <MarkdownText text={a.body} />
        {a.attachment && (
          <Anchor
            component="button"
            type="button"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => a.attachment && download(a.attachment)}
          >
            {t('announcements.download', { name: a.attachment.name })}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
