import { ActionIcon, Tabs, Tooltip } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../state/session';
import { useGuidelineTree } from './api';

export const GUIDELINES_PATH = '/brand/guidelines';

/** The selected brand offers guidelines when it has published pages, or to their editors. */
export function useGuidelinesNav() {
  const brandId = useSession((s) => s.selectedBrand?.id);
  const tree = useGuidelineTree(brandId).data;
  // Read defensively: the shell renders on every screen, also while an answer is not the tree's.
  const visible = tree?.abilities?.manage === true || (tree?.items?.length ?? 0) > 0;
  return { visible, to: GUIDELINES_PATH };
}

/** The navbar's way to the guidelines, an icon beside the review queue's. */
export function GuidelinesNavButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { visible, to } = useGuidelinesNav();
  if (!visible) return null;
  const here = pathname.startsWith(to);
  return (
    <Tooltip label={t('guidelines.title')} withArrow>
      <ActionIcon
        component={Link}
        to={to}
        variant={here ? 'light' : 'subtle'}
        color={here ? undefined : 'gray'}
        size="lg"
        aria-label={t('guidelines.title')}
        aria-current={here ? 'page' : undefined}
      >
        <IconBook size={20} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The brand home's two sections, files and guidelines; hidden while the brand has no guidelines to show. */
export function BrandSectionTabs({ current }: { current: 'files' | 'guidelines' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { visible } = useGuidelinesNav();
  if (!visible) return null;
  return (
    <Tabs value={current} onChange={(v) => void navigate(v === 'guidelines' ? GUIDELINES_PATH : '/brand')} mb="sm">
      <Tabs.List>
        <Tabs.Tab value="files">{t('guidelines.filesTab')}</Tabs.Tab>
        <Tabs.Tab value="guidelines">{t('guidelines.title')}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
