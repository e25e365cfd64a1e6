import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languages } from '../../../lib/i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('nav.language')}
      size="xs"
      value={i18n.language.startsWith('zh') ? 'zh' : 'en'}
      onChange={(value) => void i18n.changeLanguage(value)}
      data={languages.map((l) => ({ value: l.code, label: l.label }))}
    />
  );
}
