import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import ja from './locales/ja.json';

/**
 * Spanish is the product's language and the catalogue keys are the Spanish texts themselves, so a
 * text of the spec can be found in the code by searching for it. English and Japanese catalogues
 * translate those keys; a missing translation falls back to the Spanish text.
 */
export const LANGUAGES = [
  { code: 'es', label: 'Español' },
  { code: 'en', label: 'English' },
  { code: 'ja', label: '日本語' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'vigia.language';

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return LANGUAGES.some((language) => language.code === value) ? (value as Language) : 'es';
  } catch {
    return 'es';
  }
}

void i18n.use(initReactI18next).init({
  lng: storedLanguage(),
  fallbackLng: 'es',
  supportedLngs: LANGUAGES.map((language) => language.code),
  resources: { es: { translation: {} }, en: { translation: en }, ja: { translation: ja } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
});

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not persisted; the choice still applies to this page view.
  }
});
document.documentElement.lang = i18n.language;

export default i18n;
