import { notifications } from '@mantine/notifications';
import i18n from 'i18next';

/** A toast whose close button has a name screen readers can announce. */
export function notify(options: { color: string; message: string; autoClose?: false | number }): void {
  notifications.show({ ...options, closeButtonProps: { 'aria-label': i18n.t('common.close') } });
}
