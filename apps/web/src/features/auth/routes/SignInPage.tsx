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
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/errors';
import { type PasswordChange, useCorpchatSignIn, useCorpchatUrl, useSignIn } from '../api/sign-in';
import { LanguageSwitch } from '../components/LanguageSwitch';

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
  const params = new URLSearchParams(window.location.search);
  const signedIn = (change: PasswordChange) =>
    navigate(change === 'required' ? '/change-password' : (state.from ?? '/'), { replace: true });
  const corpchat = useCorpchatUrl(`${window.location.origin}/sign-in`);
  const signIn = useSignIn(signedIn);
  const corpchatSignIn = useCorpchatSignIn(params.get('code'), params.get('state') ?? undefined, signedIn);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ username, password });
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
