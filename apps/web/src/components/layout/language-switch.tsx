import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@kc/domain/i18n/language.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import { Button } from '../light/button.tsx';

/** Spanish or English as two toggle buttons; the choice is stored and applied on the next visit. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('layout');
  const active = i18n.language === 'en' ? 'en' : 'es';
  return (
    <div className="kc-group kc-nowrap" role="group" aria-label={t('language.label')} style={{ ['--kc-gap' as string]: '4px' }}>
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="compact"
          variant={active === language ? 'filled' : 'subtle'}
          aria-pressed={active === language}
          aria-label={t(`language.${language}`)}
          lang={language}
          onClick={() => void changeLanguage(language)}
        >
          {language.toUpperCase()}
        </Button>
      ))}
    </div>
  );
}
