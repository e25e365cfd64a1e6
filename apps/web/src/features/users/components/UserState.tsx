import { Badge, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { retryWhen } from '../../../lib/format';
import type { User } from '../api/users';

/** Enabled or disabled, a login lock with the time it has left, and a pending password change. */
export function UserState({ user, now }: { user: User; now: number }) {
  const { t } = useTranslation();
  const lockLeft = user.locked_until ? (new Date(user.locked_until).getTime() - now) / 1000 : 0;
  return (
    <Group gap={4} wrap="wrap">
      {user.disabled ? (
        <Badge color="gray">{t('users.disabled')}</Badge>
      ) : (
        <Badge color="teal">{t('users.enabled')}</Badge>
      )}
      {lockLeft > 0 && (
        <Tooltip label={t('users.lockedFor', { when: retryWhen(lockLeft) })}>
          <Badge color="red" data-testid={`locked-${user.username}`}>
            {t('users.locked')} · {retryWhen(lockLeft)}
          </Badge>
        </Tooltip>
      )}
      {user.must_change_password && <Badge color="yellow">{t('users.mustChange')}</Badge>}
    </Group>
  );
}
