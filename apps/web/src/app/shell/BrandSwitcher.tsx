import { Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconLayoutGrid, IconSelector, IconSettings } from '@tabler/icons-react';
import type { BrandSummary } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BrandMark } from '../../features/brands/BrandMark';
import { useMayOpenBrandSettings } from '../../features/brandSettings/access';
import { homePath } from '../../features/brands/homePath';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../state/session';
import classes from './Navbar.module.css';

const NONE: BrandSummary[] = [];

/**
 * The selected brand's logo and name beside the app's logo; its menu lists the user's brands and
 * choosing one switches to it as the chooser does (selected brand, notice, brand home).
 */
export function BrandSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const selected = useSession((s) => s.selectedBrand);
  const brands = useSession((s) => s.sessionUser?.brands ?? NONE);
  const home = useSession((s) => homePath(s.sessionUser));
  const mayOpenSettings = useMayOpenBrandSettings();
  if (!selected) return null;

  const choose = (brand: BrandSummary) => {
    if (brand.id !== selected.id) {
      useSession.getState().selectBrand(brand);
      notifySuccess(t('brands.changedTitle'), t('brands.changed', { name: brand.name }), 'assets');
    }
    void navigate(home);
  };

  return (
    <Menu position="bottom-start" width={260} shadow="md">
      <Menu.Target>
        <UnstyledButton
          className={classes.brandButton}
          aria-label={t('brands.switcher', { name: selected.name })}
          data-testid="brand-switcher"
        >
          <BrandMark brand={selected} size={28} />
          <Text size="sm" fw={600} className={classes.brandName} visibleFrom="xl">
            {selected.name}
          </Text>
          <IconSelector size={14} aria-hidden color="var(--mantine-color-dimmed)" className={classes.brandChevron} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('brands.switcherLabel')}</Menu.Label>
        <div className={classes.brandList}>
          {brands.map((b) => (
            <Menu.Item
              key={b.id}
              leftSection={<BrandMark brand={b} size={22} />}
              rightSection={b.id === selected.id ? <IconCheck size={14} aria-hidden /> : undefined}
              aria-current={b.id === selected.id || undefined}
              onClick={() => choose(b)}
            >
              <Text size="sm" truncate>
                {b.name}
              </Text>
            </Menu.Item>
          ))}
        </div>
        <Menu.Divider />
        {mayOpenSettings && (
          <Menu.Item component={Link} to="/brand/settings" leftSection={<IconSettings size={16} aria-hidden />}>
            {t('brandSettings.title')}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/brand/choose" leftSection={<IconLayoutGrid size={16} aria-hidden />}>
          {t('brands.allBrands')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
