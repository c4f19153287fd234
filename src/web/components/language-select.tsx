import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      size="xs"
      w={130}
      aria-label={t('Idioma')}
      value={i18n.resolvedLanguage ?? 'es'}
      onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
      data={LANGUAGES.map((language) => ({ value: language.code, label: language.label }))}
    />
  );
}
