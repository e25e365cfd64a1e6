import {
  AppShell,
  Badge,
  Burger,
  Button,
  Group,
  NativeSelect,
  NavLink,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { DemoPasswordReminder, useSignOut } from '../features/auth';
import { NotificationBell } from '../features/notifications';
import { useMe } from '../hooks/useMe';
import { languages } from '../lib/i18n';

/** The frame of every signed-in page: main navigation, the user, language and sign-out. */
export function Shell() {
  const { t, i18n } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  const me = useMe();
  const signOut = useSignOut();
  const links = [
    { to: '/', label: t('nav.dashboard') },
    { to: '/courses', label: t('nav.courses') },
    { to: '/calendar', label: t('nav.calendar') },
    { to: '/notifications', label: t('nav.notifications') },
    { to: '/lab', label: t('nav.lab') },
    { to: '/tutor', label: t('nav.tutor') },
    ...(me.data?.role === 'admin' ? [{ to: '/users', label: t('nav.users') }] : []),
  ];
  const active = (to: string) => (to === '/' ? location.pathname === '/' : location.pathname.startsWith(to));

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
            <Title order={1} fz={{ base: 20, xs: 26 }}>
              Faraday
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <NotificationBell />
            <NativeSelect
              aria-label={t('nav.language')}
              data={languages.map((l) => ({ value: l.code, label: l.label }))}
              value={i18n.language.startsWith('zh') ? 'zh' : 'en'}
              onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
              w={{ base: 84, xs: 110 }}
              size="xs"
            />
            {me.data && (
              <Stack gap={0} visibleFrom="xs" align="flex-end">
                <Text size="sm" fw={600}>
                  {me.data.name}
                </Text>
                <Badge size="xs" variant="light">
                  {t(`roles.${me.data.role}`)}
                </Badge>
              </Stack>
            )}
            <Button variant="subtle" size="compact-sm" onClick={signOut}>
              {t('nav.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('nav.main')}>
        {links.map((link) => (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={link.label}
            active={active(link.to)}
            onClick={close}
            aria-current={active(link.to) ? 'page' : undefined}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <DemoPasswordReminder />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
