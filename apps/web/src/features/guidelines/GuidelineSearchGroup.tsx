import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLang } from '../../i18n';
import { useGuidelineSearch } from './api';
import { GUIDELINES_PATH } from './GuidelinesNav';

/**
 * The "Guidelines" group above the asset results: the brand's published pages holding the words,
 * each a link with its chapter path and an excerpt. Nothing while loading or when none match, so
 * the asset results never wait on it or move for an empty group.
 */
export function GuidelineSearchGroup({ brandId, q }: { brandId: number; q: string }) {
  const { t } = useTranslation();
  const search = useGuidelineSearch(brandId, q);
  if (search.isError)
    return (
      <Text size="xs" c="dimmed" role="status">
        {t('guidelines.searchFailed')}
      </Text>
    );
  const items = search.data?.items ?? [];
  if (!items.length) return null;
  const es = currentLang() === 'es';
  return (
    <section aria-labelledby="guideline-hits" data-testid="guideline-hits">
      <Text id="guideline-hits" size="xs" fw={700} tt="uppercase" c="dimmed" mb="xs">
        {t('guidelines.title')}
      </Text>
      <Stack gap="xs">
        {items.map((h) => {
          const path = es ? h.path_es : h.path;
          return (
            <Paper key={h.page_id} withBorder p="sm" radius="md">
              <Anchor component={Link} to={`${GUIDELINES_PATH}/${h.page_id}`} fw={600} fz="sm">
                <IconBook size={14} stroke={1.7} style={{ verticalAlign: 'middle', marginInlineEnd: 6 }} aria-hidden />
                {path.join(' › ')}
              </Anchor>
              {h.snippet && (
                <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {h.snippet}
                </Text>
              )}
            </Paper>
          );
        })}
      </Stack>
    </section>
  );
}
