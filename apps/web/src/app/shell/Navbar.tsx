import { Box, Burger, Group, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JobsIndicator } from './JobsIndicator';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { ShortcutsMenu } from '../../features/shortcuts/ShortcutsMenu';
import { Logo } from '../../ui/Logo';
import { BrandSwitcher } from './BrandSwitcher';
import { HeaderSearch, useHeaderSearch, useHeaderSearchBrand } from './HeaderSearch';
import { HelpButton } from './HelpButton';
import { LanguageMenu } from './LanguageMenu';
import { MainMenu, useMenuModel } from './MainMenu';
import { MENU_ICONS } from '../../ui/menuIcons';
import { ReviewCountBadge, ReviewNavButton, useReviewNav } from '../../features/reviews/ReviewNav';
import { IconBook, IconClipboardCheck, IconSearch } from '@tabler/icons-react';
import { ProfileMenu } from './ProfileMenu';
import { GuidelinesNavButton, useGuidelinesNav } from '../../features/guidelines/GuidelinesNav';
import classes from './Navbar.module.css';

export function Navbar() {
  const { t } = useTranslation();
  return (
    <Box component="header" className={classes.header} px="md">
      <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
        <Group gap="sm" wrap="nowrap" miw={0} className={classes.start}>
          <CompactMenu />
          <Link to="/brand/choose" aria-label={t('nav.homeLink')} style={{ textDecoration: 'none' }}>
            {/* On a phone the name would push the profile menu off the screen. */}
            <Logo nameFrom="xs" />
          </Link>
          <BrandSwitcher />
          {/* From 1200 px the entries fit beside the brand switcher; narrower, the burger holds them. */}
          <Box visibleFrom="lg">
            <MainMenu />
          </Box>
        </Group>
        <Group gap={4} wrap="nowrap">
          {/* An icon from 576 px; on a phone the burger's menu holds it, beside the brand switcher. */}
          <HeaderSearch />
          <JobsIndicator />
          <ShortcutsMenu />
          <LanguageMenu />
          <HelpButton />
          {/* Below lg the burger's menu holds the review queue. */}
          <Box visibleFrom="lg">
            <GuidelinesNavButton />
          </Box>
          <Box visibleFrom="lg">
            <ReviewNavButton />
          </Box>
          <NotificationBell />
          <ProfileMenu />
        </Group>
      </Group>
    </Box>
  );
}

/** Below the lg breakpoint the same entries live behind a burger. */
function CompactMenu() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { entries, admin } = useMenuModel();
  const review = useReviewNav();
  const guidelines = useGuidelinesNav();
  const searchBrand = useHeaderSearchBrand();
  const openSearch = useHeaderSearch((s) => s.setOpened);
  return (
    <Box hiddenFrom="lg">
      <Menu opened={opened} onChange={(o) => (o ? undefined : close())} position="bottom-start" width={240}>
        <Menu.Target>
          <Burger opened={opened} onClick={toggle} size="sm" aria-label={t('nav.openMenu')} data-tour="menu-compact" />
        </Menu.Target>
        <Menu.Dropdown>
          {searchBrand && (
            <Menu.Item
              hiddenFrom="sm"
              leftSection={<IconSearch size={16} stroke={1.7} aria-hidden />}
              onClick={() => {
                close();
                openSearch(true);
              }}
            >
              {t('headerSearch.menu')}
            </Menu.Item>
          )}
          {entries
            .filter((e) => e.value !== 'admin')
            .map((e) => (
              <Menu.Item key={e.value} component={Link} to={e.to} leftSection={MENU_ICONS[e.value]} onClick={close}>
                {t(`menu.${e.value}`)}
              </Menu.Item>
            ))}
          {guidelines.visible && (
            <Menu.Item
              component={Link}
              to={guidelines.to}
              leftSection={<IconBook size={16} stroke={1.7} aria-hidden />}
              onClick={close}
            >
              {t('guidelines.title')}
            </Menu.Item>
          )}
          {review.visible && (
            <Menu.Item
              component={Link}
              to={review.to}
              leftSection={<IconClipboardCheck size={16} stroke={1.7} aria-hidden />}
              rightSection={
                <ReviewCountBadge count={review.count} label={t('reviews.menuCount', { count: review.count })} />
              }
              onClick={close}
            >
              {t('reviews.menu')}
            </Menu.Item>
          )}
          {entries.some((e) => e.value === 'admin') &&
            admin.map((group) => (
              <div key={group.key}>
                <Menu.Divider />
                <Menu.Label>{t(`admin.groups.${group.key}`)}</Menu.Label>
                {group.links.map((link) => (
                  <Menu.Item key={link.key} component={Link} to={link.to} onClick={close}>
                    {t(`admin.links.${link.key}`)}
                  </Menu.Item>
                ))}
              </div>
            ))}
        </Menu.Dropdown>
      </Menu>
    </Box>
  );
}
