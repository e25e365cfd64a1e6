import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine draws a dialog's header as <header>; outside the page's <main> that is a second banner
 * landmark beside the app's own (axe: landmark-no-duplicate-banner, landmark-unique). Its header
 * passes `component` on to its Box, which the types do not show.
 */
const plainHeader = { component: 'div' } as object;

/**
 * Mantine's modal with a translated name on its close button (screen readers announce it), built
 * from its parts (as Modal itself is) so that its header can be a plain block.
 */
export function AppModal({ title, children, withCloseButton = true, ...props }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root {...props}>
      <Modal.Overlay />
      <Modal.Content>
        {(title || withCloseButton) && (
          <Modal.Header {...plainHeader}>
            {title && <Modal.Title>{title}</Modal.Title>}
            {withCloseButton && <Modal.CloseButton aria-label={t('common.close')} />}
          </Modal.Header>
        )}
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
