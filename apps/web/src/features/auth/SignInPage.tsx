import {
  Alert,
  Anchor,
  Button,
  Center,
  Divider,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { session } from '../../lib/session';
import { LanguageSwitch } from './LanguageSwitch';

interface SignInState {
  from?: string;
  reason?: 'expired' | 'signed-out' | 'signed-out-by-user';
}

export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as SignInState;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const callback = `${window.location.origin}/sign-in`;
  const corpchat = useQuery({
    queryKey: ['corpchat-url'],
    queryFn: () => api.auth.corpchatUrl(callback),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const params = new URLSearchParams(window.location.search);
  const code = params.get('code');

  const finish = async (token: { access_token: string; must_change_password: boolean }) => {
    let change: 'none' | 'required' | 'reminder' = 'none';
    if (token.must_change_password) {
      session.start(token.access_token, 'reminder');
      change = (await mustChangeFirst()) ? 'required' : 'reminder';
    }
    session.start(token.access_token, change);
    navigate(change === 'required' ? '/change-password' : (state.from ?? '/'), { replace: true });
  };
  const signIn = useMutation({
    mutationFn: async () => finish(await api.auth.login(username, password)),
  });
  const corpchatSignIn = useQuery({
    queryKey: ['corpchat-login', code],
    queryFn: async () => {
      const token = await api.auth.corpchatLogin(code as string, params.get('state') ?? undefined);
      await finish(token);
      return token;
    },
    enabled: code !== null,
    retry: false,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  const notice =
    state.reason === 'expired'
      ? t('auth.expired')
      : state.reason === 'signed-out'
        ? t('auth.signedOutElsewhere')
        : null;

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={400} component="main">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} size="h2">
              {t('auth.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('auth.subtitle')}
            </Text>
            {notice && (
              <Alert color="yellow" role="status">
                {notice}
              </Alert>
            )}
            {signIn.isError && (
              <Alert color="red" role="alert">
                {errorMessage(signIn.error, t)}
              </Alert>
            )}
            {corpchatSignIn.isError && (
              <Alert color="red" role="alert">
                {errorMessage(corpchatSignIn.error, t)}
              </Alert>
            )}
            <TextInput
              label={t('auth.username')}
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              autoComplete="username"
              required
            />
            <PasswordInput
              label={t('auth.password')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="current-password"
              required
            />
            <Button type="submit" loading={signIn.isPending} disabled={!username || !password}>
              {t('auth.signIn')}
            </Button>
            {corpchat.isSuccess && (
              <>
                <Divider label={t('auth.or')} labelPosition="center" />
                <Button component="a" href={corpchat.data.oauth_url} variant="light">
                  {t('auth.corpchat')}
                </Button>
              </>
            )}
            <LanguageSwitch />
            <Anchor href="/docs" size="xs" c="dimmed">
              {t('auth.apiDocs')}
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

/**
 * Whether the server enforces the change: it does for admin-created and reset accounts (and every
 * demo account in production); outside production the demo accounts are only reminded.
 */
async function mustChangeFirst(): Promise<boolean> {
  try {
    await api.me.dueAssignments(1);
    return false;
  } catch (error) {
    return error instanceof ApiError && error.code === 'PASSWORD_CHANGE_REQUIRED';
  }
}
