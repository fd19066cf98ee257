import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Paper, Skeleton, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';

interface SectionListProps {
  /** The list's query: skeleton rows while it loads, its error with a retry if it fails. */
  query: { isLoading: boolean; data?: unknown; error: unknown; refetch: () => unknown };
  /** How many skeleton rows stand in while loading. */
  skeletons: number;
  newLabel: string;
  onNew: () => void;
  /** How many rows; none shows the empty block instead of the list. */
  count: number;
  empty: { icon: ReactNode; title: string; text: string };
  /** Ordered (fields keep an order) or not. */
  component: 'ol' | 'ul';
  label: string;
  /** The rows, each an `li`. */
  children: ReactNode;
}

/** A list of the metadata page (fields, vocabularies): its "New" button, loading, error, empty state and rows. */
export function SectionList(props: SectionListProps) {
  const { query, skeletons, newLabel, onNew, count, empty, component, label, children } = props;
  if (query.isLoading)
    return (
      <Paper withBorder p="sm">
        {Array.from({ length: skeletons }, (_, i) => (
          <Skeleton key={i} h={40} my={6} />
        ))}
      </Paper>
    );
  if (query.error || !query.data) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
          {newLabel}
        </Button>
      </Group>
      {count === 0 ? (
        <EmptyBlock icon={empty.icon} title={empty.title} description={empty.text} />
      ) : (
        <Paper withBorder component={component} aria-label={label} p={0} m={0}>
          {children}
        </Paper>
      )}
    </>
  );
}

interface RowIconProps {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  color?: string;
  children: ReactNode;
}

/** An icon button whose name is its tooltip, so screen readers and keyboards get the same words. */
export function RowIcon({ label, onClick, disabled, color = 'gray', children }: RowIconProps) {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon variant="subtle" color={color} aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
