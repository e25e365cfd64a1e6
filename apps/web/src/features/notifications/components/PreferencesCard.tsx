import { NOTIFICATION_KINDS, type NotificationPreference } from '@faraday/contracts';
import { Alert, Button, Checkbox, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notifications';

/** Per kind: listed in the app, and sent by e-mail as well. */
export function PreferencesCard() {
  const { t } = useTranslation();
  const query = useNotificationPreferences();
  const [draft, setDraft] = useState<NotificationPreference[]>([]);
  useEffect(() => {
    if (query.data) setDraft(query.data.preferences);
  }, [query.data]);
  const save = useSaveNotificationPreferences({
    success: () => notify({ color: 'green', message: t('notifications.prefs.saved') }),
    error: (error) => notify({ color: 'red', message: errorMessage(error, t) }),
  });
  const set = (kind: string, field: 'in_app' | 'email', value: boolean) =>
    setDraft((list) => list.map((p) => (p.kind === kind ? { ...p, [field]: value } : p)));

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={3}>{t('notifications.prefs.title')}</Title>
        <QueryState query={query}>
          {(data) => (
            <>
              {!data.email_available && <Alert color="gray">{t('notifications.prefs.noEmail')}</Alert>}
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('notifications.prefs.kind')}</Table.Th>
                    <Table.Th>{t('notifications.prefs.inApp')}</Table.Th>
                    <Table.Th>{t('notifications.prefs.email')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {NOTIFICATION_KINDS.map((kind) => {
                    const pref = draft.find((p) => p.kind === kind);
                    const label = t(`notifications.prefs.kinds.${kind}`);
                    return (
                      <Table.Tr key={kind}>
                        <Table.Td>
                          <Text size="sm">{label}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Checkbox
                            checked={pref?.in_app ?? true}
                            onChange={(e) => set(kind, 'in_app', e.currentTarget.checked)}
                            aria-label={t('notifications.prefs.inAppFor', { kind: label })}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Checkbox
                            checked={pref?.email ?? true}
                            onChange={(e) => set(kind, 'email', e.currentTarget.checked)}
                            aria-label={t('notifications.prefs.emailFor', { kind: label })}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
              <Button onClick={() => save.mutate(draft)} loading={save.isPending} w="fit-content">
                {t('notifications.prefs.save')}
              </Button>
            </>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}
