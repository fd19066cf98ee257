import { ActionIcon, Box, Group, Paper, Skeleton, Text, Title, Tooltip } from '@mantine/core';
import { IconClock, IconPhoto, IconRefresh } from '@tabler/icons-react';
import type { BrandSummary } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useBrand } from './api';
import { figuresText } from './figures';
import classes from './BrandHero.module.css';

/**
 * The brand home's header at the brand's top folder (issue 27 §2): cover, logo, name,
 * description, how many assets the user sees and when the last one was added. The session's
 * copy of the brand shows at once; the brand's own answer adds the description and figures.
 */
export function BrandHero({ brand }: { brand: BrandSummary }) {
  const { t } = useTranslation();
  const q = useBrand(brand.id);
  const b = q.data?.brand ?? brand;
  const figures = q.data ? figuresText(t, q.data.brand.figures) : null;
  return (
    <Paper withBorder radius="md" className={classes.hero} component="section" aria-labelledby="brand-hero-name">
      <div className={classes.cover} data-empty={!b.image_uri || undefined}>
        {b.image_uri && <img src={b.image_uri} alt={t('brands.coverAlt', { name: b.name })} />}
      </div>
      <div className={classes.body}>
        <div className={classes.logo}>
          {b.logo_uri ? (
            <img src={b.logo_uri} alt="" />
          ) : (
            <Text className={classes.initial} aria-hidden>
              {b.name.slice(0, 1).toUpperCase()}
            </Text>
          )}
        </div>
        <Box miw={0} className={classes.text}>
          <Title order={1} fz={{ base: 22, sm: 26 }} fw={650} lineClamp={2} id="brand-hero-name">
            {b.name}
          </Title>
          {figures ? (
            <Group gap="md" mt={4} wrap="wrap" data-testid="brand-figures">
              <Group gap={6} wrap="nowrap">
                <IconPhoto size={16} aria-hidden color="var(--mantine-color-dimmed)" />
                <Text size="sm" c="dimmed">
                  {figures.assets}
                </Text>
              </Group>
              {figures.updated && (
                <Group gap={6} wrap="nowrap">
                  <IconClock size={16} aria-hidden color="var(--mantine-color-dimmed)" />
                  <Text size="sm" c="dimmed">
                    {figures.updated}
                  </Text>
                </Group>
              )}
            </Group>
          ) : q.isError ? (
            <Group gap={6} mt={4}>
              <Text size="sm" c="dimmed">
                {t('brands.figuresError')}
              </Text>
              <Tooltip label={t('common.retry')}>
                <ActionIcon variant="subtle" size="sm" aria-label={t('common.retry')} onClick={() => void q.refetch()}>
                  <IconRefresh size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ) : (
            <Skeleton height={14} width={220} mt={8} aria-hidden />
          )}
        </Box>
      </div>
      {q.data?.brand.description && (
        <Text size="sm" className={classes.description} data-testid="brand-description">
          {q.data.brand.description}
        </Text>
      )}
    </Paper>
  );
}
