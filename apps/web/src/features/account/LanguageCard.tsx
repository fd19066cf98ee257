import { Card, Select, Text, Title } from '@mantine/core';
import { LANGS } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n';
import { isLang } from '../../state/lang';
import { useChangeLanguage } from './api';

export function LanguageCard() {
  const { t } = useTranslation();
  const { change, isPending } = useChangeLanguage();
  return (
    <Card component="section" aria-labelledby="profile-language">
      <Title order={2} fz="md" id="profile-language">
        {t('profile.languageTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('profile.languageSubtitle')}
      </Text>
      <Select
        label={t('fields.lang')}
        name="lang"
        value={currentLang()}
        disabled={isPending}
        data={LANGS.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        onChange={(v) => {
          if (isLang(v) && v !== currentLang()) void change(v);
        }}
      />
    </Card>
  );
}
