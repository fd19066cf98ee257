import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGS } from '@brandvault/contract';
import { currentLang } from '../../i18n';
import { useChangeLanguage } from '../../features/account/api';
import classes from './Navbar.module.css';

/** Spec §2: the popup lists only the other locale(s). Language names are shown in their own language. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const { change } = useChangeLanguage();
  const lang = currentLang();
  const others = LANGS.filter((l) => l !== lang);

  return (
    <Menu position="bottom-end" width={180} key={i18n.language}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="sm"
          leftSection={<IconLanguage size={16} stroke={1.7} />}
          classNames={{ root: classes.langButton, label: classes.langCode, section: classes.langIcon }}
          aria-label={t('language.menu')}
          data-testid="language-menu"
        >
          {lang.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.current', { language: t(`languages.${lang}`) })}</Menu.Label>
        {others.map((l) => (
          <Menu.Item
            key={l}
            lang={l}
            onClick={() => void change(l)}
            rightSection={<IconCheck size={14} opacity={0} aria-hidden />}
          >
            {t(`languages.${l}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
