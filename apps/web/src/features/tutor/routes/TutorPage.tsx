import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ChatPanel } from '../components/ChatPanel';
import { GuidedPanel } from '../components/GuidedPanel';
import { WritingPanel } from '../components/WritingPanel';

const tabs = ['chat', 'guided', 'writing'] as const;

/** The AI tutor: chat (tools included), guided learning and writing analysis, one tab each. */
export default function TutorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tab = 'chat' } = useParams();
  const current = (tabs as readonly string[]).includes(tab) ? tab : 'chat';
  return (
    <Stack>
      <div>
        <Title order={2}>{t('nav.tutor')}</Title>
        <Text c="dimmed" size="sm">
          {t('tutor.intro')}
        </Text>
      </div>
      <Tabs value={current} onChange={(value) => navigate(`/tutor/${value ?? 'chat'}`)} keepMounted={false}>
        <Tabs.List>
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`tutor.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="chat" pt="md">
          <ChatPanel />
        </Tabs.Panel>
        <Tabs.Panel value="guided" pt="md">
          <GuidedPanel />
        </Tabs.Panel>
        <Tabs.Panel value="writing" pt="md">
          <WritingPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
