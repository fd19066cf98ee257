import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLang } from '../../i18n';
import { useGuidelineUses } from './api';
import { GUIDELINES_PATH } from './GuidelinesNav';

/** "Used in guidelines: Logo › On dark backgrounds" on the asset page; nothing when no page shows it. */
export function UsedInGuidelines({ assetId }: { assetId: number }) {
  const { t } = useTranslation();
  const uses = useGuidelineUses(assetId);
  const items = uses.data?.items ?? [];
  if (!items.length) return null;
  return (
    <Card component="section" aria-labelledby="asset-guidelines" withBorder>
      <Title order={2} fz="md" id="asset-guidelines" mb="xs">
        {t('guidelines.usedIn')}
      </Title>
      <Stack gap={4}>
        {items.map((u) => (
          <Anchor key={u.page_id} component={Link} to={`${GUIDELINES_PATH}/${u.page_id}`}>
            <Text span>{(currentLang() === 'es' ? u.path_es : u.path).join(' › ')}</Text>
          </Anchor>
        ))}
      </Stack>
    </Card>
  );
}
