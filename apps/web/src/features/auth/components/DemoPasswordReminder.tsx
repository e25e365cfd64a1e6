import { Alert, Anchor } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { session } from '../../../lib/session';

/** Outside production the demo accounts keep their documented passwords: remind, do not block. */
export function DemoPasswordReminder() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(session.remindToChange());
  if (!shown) return null;
  return (
    <Alert
      color="yellow"
      mb="md"
      withCloseButton
      closeButtonLabel={t('common.dismiss')}
      onClose={() => {
        session.dismissReminder();
        setShown(false);
      }}
    >
      {t('auth.demoReminder')}{' '}
      <Anchor component={Link} to="/change-password">
        {t('auth.changePasswordLink')}
      </Anchor>
    </Alert>
  );
}
