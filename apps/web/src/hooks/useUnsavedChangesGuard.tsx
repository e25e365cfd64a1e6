import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { AppModal } from '../components/AppModal';

/**
 * Keeps typed work from being lost: while `dirty` is true, leaving the page inside the app asks
 * first (a dialog: Stay / Leave without saving), and closing or reloading the tab asks through the
 * browser's own prompt. Render the returned element anywhere in the form's tree.
 *
 * Moves that keep the form (a change of search params on the same page) are not blocked; a form
 * that swaps its content without a route change (next student, say) calls `confirmDiscard` itself.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const prompt = (
    <UnsavedChangesDialog
      opened={blocker.state === 'blocked'}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  );
  return { prompt };
}

/** The in-app question: stay and keep editing, or leave and lose the changes. */
export function UnsavedChangesDialog({
  opened,
  onStay,
  onLeave,
}: {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onStay} title={t('unsaved.title')}>
      <Stack>
        <Text>{t('unsaved.question')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay} data-autofocus>
            {t('unsaved.stay')}
          </Button>
          <Button color="red" onClick={onLeave}>
            {t('unsaved.leave')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
