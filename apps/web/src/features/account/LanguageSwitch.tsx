import { Button, Group } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGS } from '@brandvault/contract';
import { currentLang } from '../../i18n';
import { useChangeLanguage } from './api';

/**
 * The signed-out pages offer the other locale(s) as plain buttons: no popup library in the
 * first download of /login.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { change } = useChangeLanguage();
  const lang = currentLang();
  return (
    // Kept on one line: beside a long brand name on a phone the icon went above the button.
    <Group gap={4} wrap="nowrap" role="group" aria-label={t('language.menu')}>
      <IconLanguage size={14} stroke={1.7} color="var(--mantine-color-gray-6)" aria-hidden />
      {LANGS.filter((l) => l !== lang).map((l) => (
        <Button key={l} lang={l} variant="subtle" color="gray" size="compact-xs" onClick={() => void change(l)}>
          {t(`languages.${l}`)}
        </Button>
      ))}
    </Group>
  );
}
