import type { ReactNode } from 'react';
import { EmptyState, Paper } from '@mantine/core';

interface Props {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
  framed?: boolean;
}

/** Icon, one sentence and the action that fills the screen (UX.md "States"). */
export function EmptyBlock({ icon, title, description, action, framed = true }: Props) {
  const body = (
    <EmptyState icon={icon} title={title} description={description} variant="light" py="xl">
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
  return framed ? (
    <Paper withBorder radius="md" p="xl">
      {body}
    </Paper>
  ) : (
    body
  );
}
