import {
  Alert,
  Button,
  Center,
  List,
  Paper,
  PasswordInput,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMe } from '../../../hooks/useMe';
import { errorMessage } from '../../../lib/errors';
import { session } from '../../../lib/session';
import { useChangePassword } from '../api/change-password';
import { passwordChecks } from '../utils/password-rules';

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/';
  const me = useMe();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const checks = passwordChecks(newPassword, me.data?.username ?? '');
  const valid = checks.every((c) => c.ok) && newPassword === repeat;
  // Nothing typed yet: no rule is reported as met (an empty password is not "at most 72 bytes (done)").
  const met = (ok: boolean) => ok && newPassword !== '';
  const change = useChangePassword(() =>
    navigate(from === '/change-password' ? '/' : from, { replace: true }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) change.mutate({ oldPassword, newPassword });
  };
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={440} component="main">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} size="h2">
              {t('password.title')}
            </Title>
            {session.mustChangePassword() && <Text size="sm">{t('password.required')}</Text>}
            {change.isError && (
              <Alert color="red" role="alert">
                {errorMessage(change.error, t)}
              </Alert>
            )}
            <PasswordInput
              label={t('password.current')}
              value={oldPassword}
              onChange={(e) => setOldPassword(e.currentTarget.value)}
              autoComplete="current-password"
              required
            />
            <PasswordInput
              label={t('password.new')}
              value={newPassword}
              onChange={(e) => setNewPassword(e.currentTarget.value)}
              autoComplete="new-password"
              required
              aria-describedby="password-rules"
            />
            <List id="password-rules" size="sm" spacing={4} aria-live="polite">
              {checks.map((check) => (
                <List.Item
                  key={check.rule}
                  icon={
                    <ThemeIcon size={16} radius="xl" color={met(check.ok) ? 'teal' : 'gray'} aria-hidden>
                      {met(check.ok) ? '✓' : '·'}
                    </ThemeIcon>
                  }
                >
                  {t(`password.rules.${check.rule}`)} {met(check.ok) ? t('password.met') : ''}
                </List.Item>
              ))}
            </List>
            <PasswordInput
              label={t('password.repeat')}
              value={repeat}
              onChange={(e) => setRepeat(e.currentTarget.value)}
              autoComplete="new-password"
              error={repeat && repeat !== newPassword ? t('password.mismatch') : undefined}
              required
            />
            <Button type="submit" loading={change.isPending} disabled={!valid || !oldPassword}>
              {t('password.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
