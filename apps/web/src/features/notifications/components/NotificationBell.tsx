import { ActionIcon, Indicator } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadNotificationCount } from '../api/notifications';

/** The header's bell: its name says how many notifications are unread; it opens the list. */
export function NotificationBell() {
  const { t } = useTranslation();
  const count = useUnreadNotificationCount().data?.unread_count ?? 0;
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      size={18}
      color="red"
      disabled={count === 0}
      offset={4}
      aria-hidden={count === 0 ? undefined : false}
    >
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        size="lg"
        aria-label={t('notifications.bell', { count })}
        data-testid="notification-bell"
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
      </ActionIcon>
    </Indicator>
  );
}
