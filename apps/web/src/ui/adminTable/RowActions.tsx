import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from './types';

const resolve = <T, V>(v: V | ((row: T) => V), row: T): V => (typeof v === 'function' ? (v as (row: T) => V)(row) : v);

/**
 * A row's actions: the ones marked `inline` as buttons from `sm` up, and a menu listing every
 * action the row offers (on phones the only way in). Rows without any action show nothing.
 */
export function RowActions<T>({ row, actions, rowName }: { row: T; actions: RowAction<T>[]; rowName: string }) {
  const { t } = useTranslation();
  const offered = actions.filter((a) => !a.hidden?.(row));
  if (offered.length === 0) return null;
  const busy = offered.some((a) => a.loading?.(row));
  const onlyInline = offered.every((a) => a.inline);
  const label = (a: RowAction<T>) => resolve<T, string>(a.label, row);
  const icon = (a: RowAction<T>) => (a.icon === undefined ? undefined : resolve<T, ReactNode>(a.icon, row));

  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      {offered
        .filter((a) => a.inline)
        .map((a) => (
          <Button
            key={a.key}
            visibleFrom="sm"
            size="compact-sm"
            variant={a.variant ?? 'default'}
            color={a.color}
            leftSection={icon(a)}
            loading={a.loading?.(row)}
            disabled={busy || a.disabled?.(row)}
            onClick={() => a.onClick(row)}
            aria-label={a.ariaLabel?.(row)}
          >
            {label(a)}
          </Button>
        ))}
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            hiddenFrom={onlyInline ? 'sm' : undefined}
            loading={busy}
            aria-label={t('adminTable.rowActions', { name: rowName })}
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {offered.map((a) => (
            <Menu.Item
              key={a.key}
              leftSection={icon(a)}
              color={a.color}
              disabled={busy || a.disabled?.(row)}
              onClick={() => a.onClick(row)}
            >
              {label(a)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
