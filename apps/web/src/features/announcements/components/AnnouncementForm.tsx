import { MAX_ANNOUNCEMENT_BODY } from '@faraday/contracts';
import { Button, Checkbox, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportDirty } from '../../../components/FormModal';
import { fieldProblems } from '../../../lib/errors';
import { type Announcement, useAttachableResources, useSaveAnnouncement } from '../api/announcements';

/** Post an announcement, or edit one: title, Markdown message, an optional course file, pinned. */
export function AnnouncementForm({
  courseId,
  announcement,
  onDone,
}: {
  courseId: string;
  announcement?: Announcement;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const initial = {
    title: announcement?.title ?? '',
    body: announcement?.body ?? '',
    resource_id: announcement?.attachment?.id ?? null,
    pinned: announcement?.pinned ?? false,
  };
  const [title, setTitle] = useState(initial.title);
  const [body, setBody] = useState(initial.body);
  const [resourceId, setResourceId] = useState<string | null>(initial.resource_id);
  const [pinned, setPinned] = useState(initial.pinned);
  const resources = useAttachableResources(courseId);
  const saved = useReportDirty(
    title !== initial.title ||
      body !== initial.body ||
      resourceId !== initial.resource_id ||
      pinned !== initial.pinned,
  );
  const save = useSaveAnnouncement(courseId, announcement?.id, () => {
    saved();
    onDone();
  });
  const problems = fieldProblems(save.error, t, ['title', 'body', 'resource_id']);
  const errorFor = (name: string) => problems.byField[name];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ title, body, resource_id: resourceId, pinned });
  };
  const options = (resources.data?.resources ?? []).map((r) => ({ value: r.id, label: r.name }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {problems.summary && (
          <Text c="red" role="alert">
            {problems.summary}
          </Text>
        )}
        <TextInput
          label={t('announcements.title')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errorFor('title')}
          maxLength={200}
          required
        />
        <Textarea
          label={t('announcements.body')}
          description={t('announcements.bodyHint', { max: MAX_ANNOUNCEMENT_BODY.toLocaleString() })}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          error={errorFor('body')}
          maxLength={MAX_ANNOUNCEMENT_BODY}
          autosize
          minRows={4}
          maxRows={14}
          required
        />
        <Select
          label={t('announcements.attachment')}
          description={t('announcements.attachmentHint')}
          placeholder={t('announcements.noAttachment')}
          data={options}
          value={resourceId}
          onChange={setResourceId}
          error={errorFor('resource_id')}
          clearable
          searchable
          nothingFoundMessage={t('resources.none')}
        />
        <Checkbox
          label={t('announcements.pinToTop')}
          checked={pinned}
          onChange={(e) => setPinned(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
