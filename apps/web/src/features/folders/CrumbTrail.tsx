import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import type { Crumb } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The root crumb reads as the brand; the rest are folder names. */
export function CrumbTrail({
  crumbs,
  brandName,
  linkLast = false,
}: {
  crumbs: Crumb[];
  brandName: string;
  linkLast?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('folders.breadcrumbs')}>
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap' } }}>
        {crumbs.map((c, i) =>
          i === crumbs.length - 1 && !linkLast ? (
            <Text key={c.id} size="sm" c="dimmed" aria-current="page">
              {i === 0 ? brandName : c.name}
            </Text>
          ) : (
            <Anchor key={c.id} component={Link} to={`/brand?folder=${c.id}`} size="sm">
              {i === 0 ? brandName : c.name}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
