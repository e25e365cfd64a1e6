import { Alert, Button, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { errorMessage } from '../lib/errors';

/** No blank page: whatever broke a page, say so and offer a way back. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Alert color="red" title={t('errors.pageTitle')} role="alert">
          {errorMessage(error, t)}
        </Alert>
        <Button onClick={() => window.location.reload()} w="fit-content">
          {t('common.retry')}
        </Button>
      </Stack>
    </Container>
  );
}
