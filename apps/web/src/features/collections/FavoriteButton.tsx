import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCan } from '../../state/access';
import { useFavorites, useToggleFavorite } from './api';

interface Props {
  assetId: number;
  name: string;
  /** `dark`: on the viewer's dark header; `card`: over a thumbnail. */
  variant?: 'card' | 'dark' | 'plain';
  size?: number;
  className?: string;
}

/** The heart: adds the asset to the caller's favourites, or takes it out. */
export function FavoriteButton({ assetId, name, variant = 'plain', size = 28, className }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const favorites = useFavorites();
  const toggle = useToggleFavorite();
  if (!can.permission('collection.view')) return null;
  const on = favorites.data?.ids.has(assetId) ?? false;
  const label = t(on ? 'collections.unfavorite' : 'collections.favorite', { name });
  const click = () =>
    toggle.mutate(
      { ids: [assetId], on: !on },
      {
        onSuccess: () =>
          notifySuccess(
            t(on ? 'collections.unfavoritedTitle' : 'collections.favoritedTitle'),
            t(on ? 'collections.unfavorited' : 'collections.favorited', { name }),
            'assets',
          ),
        onError: (e) => notifyError(e, 'assets'),
      },
    );
  const Icon = on ? IconHeartFilled : IconHeart;
  return (
    <Tooltip label={label} withinPortal={variant !== 'dark'} openDelay={300}>
      <ActionIcon
        variant={variant === 'card' ? 'white' : 'subtle'}
        color={on ? 'red' : variant === 'dark' ? 'gray.0' : 'gray'}
        size={size}
        className={className}
        aria-label={label}
        aria-pressed={on}
        data-testid={`favorite-${assetId}`}
        disabled={favorites.isPending}
        onClick={(e) => {
          e.preventDefault();
          e.stopPropagation();
          click();
        }}
      >
        <Icon size={Math.round(size * 0.6)} />
      </ActionIcon>
    </Tooltip>
  );
}
