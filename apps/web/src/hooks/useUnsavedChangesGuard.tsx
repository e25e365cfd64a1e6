import { Button, Group, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { AppModal } from '../components/AppModal';

/**
 * Keeps typed work from being lost: while `dirty` is true, leaving the page inside the app asks
 * first (a dialog: Stay / Leave without saving), and closing or reloading the tab asks through the
 * browser's own prompt. Render the returned element anywhere in the form's tree.
 *
 * Moves that keep the form (a change of search params on the same page) are not blocked; a form
 * that swaps its content without a route change (next student, closing its dialog) runs that move
 * through `confirmDiscard`, which asks the same question first when there is something to lose.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  // Set by `release` once the work is saved, so a move made in the same tick (save, then go to
  // the new page) is not held up by a `dirty` that has not re-rendered yet.
  const released = useRef(false);
  useEffect(() => {
    if (!dirty) released.current = false;
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );
  // The in-page move waiting for an answer (held in a ref so a re-render cannot run a stale one).
  const pendingMove = useRef<(() => void) | null>(null);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const confirmDiscard = useCallback(
    (move: () => void) => {
      if (!dirty || released.current) {
        move();
        return;
      }
      pendingMove.current = move;
      setAsking(true);
    },
    [dirty],
  );

  const stay = () => {
    pendingMove.current = null;
    setAsking(false);
    blocker.reset?.();
  };
  const leave = () => {
    const move = pendingMove.current;
    pendingMove.current = null;
    setAsking(false);
    if (move) move();
    else blocker.proceed?.();
  };

  const prompt = (
    <UnsavedChangesDialog opened={asking || blocker.state === 'blocked'} onStay={stay} onLeave={leave} />
  );
  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { prompt, confirmDiscard, release };
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
  // Escape means stay, but not the Escape that raised the question (closing a form dialog by
  // Escape): that keypress is still on its way through the window when the question opens, and
  // the dialog's own Escape handling would dismiss the question unseen.
  const openedAt = useRef(0);
  useEffect(() => {
    if (opened) openedAt.current = performance.now();
  }, [opened]);
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape' && !event.isComposing && event.timeStamp > openedAt.current)
      onStay();
  });
  return (
    <AppModal opened={opened} onClose={onStay} title={t('unsaved.title')} closeOnEscape={false}>
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
