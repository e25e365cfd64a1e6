import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from './AppModal';

/** Asks before deleting something: the question, then Cancel and a red Delete that shows its progress. */
export function ConfirmDelete({
  opened,
  title,
  question,
  deleting,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  question: string;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      <Stack>
        <Text>{question}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={deleting} onClick={onConfirm}>
            {t('common.delete')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
