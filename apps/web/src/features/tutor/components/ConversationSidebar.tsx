import type { ConversationSummary } from '@faraday/contracts';
import { ActionIcon, Button, Group, Menu, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { QueryState } from '../../../components/QueryState';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useChatConversations, useDeleteConversation, useRenameConversation } from '../api/conversations';

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
  const list = useChatConversations();
  const [renaming, setRenaming] = useState<ConversationSummary | null>(null);
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);
  const [title, setTitle] = useState('');
  const rename = useRenameConversation(() => setRenaming(null));
  const remove = useDeleteConversation({
    success: (c) => {
      setDeleting(null);
      if (c.id === activeId) onNew();
    },
    error: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });
  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    if (renaming && title.trim()) rename.mutate({ conversation: renaming, title });
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
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('tutor.deleteTitle')}
        question={t('tutor.deleteConfirm', { name: deleting ? nameOf(deleting) : '' })}
        deleting={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Stack>
  );
}
