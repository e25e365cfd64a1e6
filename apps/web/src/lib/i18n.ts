import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';
import { zh } from '../locales/zh';

export const languages = [
  { code: 'en', label: 'English' },
  { code: 'zh', label: '中文' },
] as const;

/** Follows the browser's language, remembers a choice in localStorage ("faraday.lang"). */
void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en }, zh: { translation: zh } },
    fallbackLng: 'en',
    supportedLngs: ['en', 'zh'],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: 'faraday.lang',
      caches: ['localStorage'],
    },
  });

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng.startsWith('zh') ? 'zh-CN' : 'en';
});
document.documentElement.lang = i18n.language?.startsWith('zh') ? 'zh-CN' : 'en';

export default i18n;
