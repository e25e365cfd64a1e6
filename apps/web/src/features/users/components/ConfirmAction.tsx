import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';

export interface PendingAction {
  title: string;
  question: string;
  confirm: string;
  color?: string;
  run: () => void;
}

/** Asks before an account change that signs someone out (a role change, disabling). */
export function ConfirmAction({
  action,
  busy,
  onClose,
}: {
  action: PendingAction | null;
  busy: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppModal opened={action !== null} onClose={onClose} title={action?.title ?? ''}>
      <Stack>
        <Text>{action?.question}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color={action?.color ?? 'blue'} loading={busy} onClick={() => action?.run()}>
            {action?.confirm}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
