import type { ConversationSummary } from '@faraday/contracts';
import { ActionIcon, Button, Group, Menu, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal';
import { QueryState } from '../../components/QueryState';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { tutorKeys } from './keys';

/** The student's conversations: open one, start a new one, rename or delete. */
export function ConversationSidebar({
  activeId,
  onOpen,
  onNew,
}: {
  activeId: string | null;
  onOpen: (id: string) => void;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: tutorKeys.chatList,
    queryFn: () => api.ai.conversations.list({ kind: 'chat', limit: 100 }),
  });
  const [renaming, setRenaming] = useState<ConversationSummary | null>(null);
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);
  const [title, setTitle] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: tutorKeys.conversations });
  const rename = useMutation({
    mutationFn: (c: ConversationSummary) => api.ai.conversations.rename(c.id, title),
    onSuccess: async () => {
      setRenaming(null);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (c: ConversationSummary) => api.ai.conversations.remove(c.id),
    onSuccess: async (_data, c) => {
      setDeleting(null);
      if (c.id === activeId) onNew();
      await refresh();
    },
    onError: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });
  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    if (renaming && title.trim()) rename.mutate(renaming);
  };
  const nameOf = (c: ConversationSummary) => c.title || t('tutor.untitled');

  return (
    <Stack gap="xs" component="nav" aria-label={t('tutor.conversations')}>
      <Button onClick={onNew} variant="light">
        {t('tutor.newConversation')}
      </Button>
      <QueryState
        query={list}
        isEmpty={(d) => d.conversations.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {t('tutor.noConversations')}
          </Text>
        }
      >
        {(data) => (
          <ScrollArea.Autosize mah={420} type="hover" scrollbars="y">
            <Stack gap={2}>
              {data.conversations.map((c) => (
                <Group key={c.id} gap={2} wrap="nowrap">
                  <NavLink
                    component="button"
                    type="button"
                    label={nameOf(c)}
                    active={c.id === activeId}
                    aria-current={c.id === activeId ? 'page' : undefined}
                    onClick={() => onOpen(c.id)}
                    style={{ flex: 1, minWidth: 0 }}
                    styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
                  />
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('tutor.actionsFor', { name: nameOf(c) })}
                      >
                        <span aria-hidden>⋯</span>
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        onClick={() => {
                          setTitle(c.title);
                          setRenaming(c);
                        }}
                      >
                        {t('tutor.rename')}
                      </Menu.Item>
                      <Menu.Item color="red" onClick={() => setDeleting(c)}>
                        {t('common.delete')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </QueryState>
      <AppModal opened={renaming !== null} onClose={() => setRenaming(null)} title={t('tutor.renameTitle')}>
        <form onSubmit={submitRename}>
          <Stack>
            <TextInput
              label={t('tutor.title')}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              maxLength={200}
              required
              data-autofocus
              error={rename.isError ? errorMessage(rename.error, t) : undefined}
            />
            <Button type="submit" loading={rename.isPending} w="fit-content">
              {t('common.save')}
            </Button>
          </Stack>
        </form>
      </AppModal>
      <AppModal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('tutor.deleteTitle')}>
        <Stack>
          <Text size="sm">{t('tutor.deleteConfirm', { name: deleting ? nameOf(deleting) : '' })}</Text>
          <Group>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting)}
            >
              {t('common.delete')}
            </Button>
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Stack>
  );
}
