import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@kc/domain';
import { changeLanguage } from '../../lib/i18n.ts';

/** Spanish or English as two toggle buttons; the choice is stored and applied on the next visit. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('layout');
  const active = i18n.language === 'en' ? 'en' : 'es';
  return (
    <Group gap={4} role="group" aria-label={t('language.label')} wrap="nowrap">
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="compact-sm"
          variant={active === language ? 'filled' : 'subtle'}
          aria-pressed={active === language}
          aria-label={t(`language.${language}`)}
          lang={language}
          onClick={() => void changeLanguage(language)}
        >
          {language.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
