import type { ReactNode } from 'react';
import {
  IconArrowsExchange,
  IconFolders,
  IconHeart,
  IconHome,
  IconLayoutDashboard,
  IconSettings,
} from '@tabler/icons-react';
import type { MenuValue } from '@brandvault/contract';

/** The main menu's icons, also shown where a user orders the menu. */
export const MENU_ICONS: Record<MenuValue, ReactNode> = {
  dashboard: <IconLayoutDashboard size={16} stroke={1.7} />,
  home: <IconHome size={16} stroke={1.7} />,
  change_brand: <IconArrowsExchange size={16} stroke={1.7} />,
  my_collections: <IconFolders size={16} stroke={1.7} />,
  my_favorites: <IconHeart size={16} stroke={1.7} />,
  admin: <IconSettings size={16} stroke={1.7} />,
};
