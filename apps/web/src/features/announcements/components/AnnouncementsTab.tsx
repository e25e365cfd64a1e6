import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { FormModal } from '../../../components/FormModal';
import { QueryState } from '../../../components/QueryState';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import {
  type Announcement,
  useAnnouncements,
  useDeleteAnnouncement,
  useMarkReadOnOpen,
  usePinAnnouncement,
} from '../api/announcements';
import { AnnouncementCard } from './AnnouncementCard';
import { AnnouncementForm } from './AnnouncementForm';

/** The course's announcements, pinned first, then unread, then newest; opening them marks them read. */
export function AnnouncementsTab({ courseId, staff }: { courseId: string; staff: boolean }) {
  const { t } = useTranslation();
  const list = useAnnouncements(courseId);
  useMarkReadOnOpen(courseId, list.data?.unread_count);
  const [creating, create] = useDisclosure(false);
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const onError = (error: unknown) => notify({ color: 'red', message: errorMessage(error, t) });
  const pin = usePinAnnouncement(courseId, { error: onError });
  const remove = useDeleteAnnouncement(courseId, { success: () => setDeleting(null), error: onError });
  return (
    <Stack>
      <Group justify="space-between">
        {list.data && list.data.unread_count > 0 ? (
          <Text size="sm" role="status">
            {t('announcements.unreadCount', { count: list.data.unread_count })}
          </Text>
        ) : (
          <span />
        )}
        {staff && <Button onClick={create.open}>{t('announcements.create')}</Button>}
      </Group>
      <QueryState query={list} isEmpty={(d) => d.announcements.length === 0} empty={t('announcements.none')}>
        {(data) => (
          <Stack>
            {data.announcements.map((a) => (
              <AnnouncementCard
                key={a.id}
                announcement={a}
                staff={staff}
                pinning={pin.isPending && pin.variables?.id === a.id}
                onEdit={() => setEditing(a)}
                onPin={() => pin.mutate({ id: a.id, pinned: !a.pinned })}
                onDelete={() => setDeleting(a)}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      <FormModal opened={creating} onClose={create.close} title={t('announcements.create')} size="lg">
        <AnnouncementForm courseId={courseId} onDone={create.close} />
      </FormModal>
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('announcements.edit')}
        size="lg"
      >
        {editing && (
          <AnnouncementForm courseId={courseId} announcement={editing} onDone={() => setEditing(null)} />
        )}
      </FormModal>
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('announcements.deleteTitle')}
        question={t('announcements.deleteConfirm', { title: deleting?.title ?? '' })}
        deleting={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Stack>
  );
}
