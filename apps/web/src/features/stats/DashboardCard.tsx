import type { ReactNode } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorTexts } from '../../api/errors';
import { currentLang } from '../../i18n';

interface Props {
  title: string;
  /** Beside the title: a link, a total. */
  extra?: ReactNode;
  /** The query behind the card: skeleton while it loads, the error and a retry if it failed. */
  state?: { isPending: boolean; error: unknown; refetch: () => unknown };
  /** The skeleton's height, about the content's. */
  height?: number;
  children?: ReactNode;
  testId?: string;
  /** Stretch to the grid row's height (false: as tall as the content, for cards stacked in a column). */
  fill?: boolean;
}

/** One panel of the dashboard, with its own loading and error states (UX.md "States"). */
export function DashboardCard({ title, extra, state, height = 160, children, testId, fill = true }: Props) {
  const { t } = useTranslation();
  let body = children;
  if (state?.error) {
    const { title: what, message } = errorTexts(state.error, currentLang());
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={what}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{message}</Text>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void state.refetch()}
          >
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (state?.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={Math.max(24, height - 40)} />
        <Skeleton height={14} width="60%" />
      </Stack>
    );
  }
  return (
    <Card data-testid={testId} h={fill ? '100%' : undefined}>
      <Group justify="space-between" align="baseline" mb="sm" gap="xs" wrap="nowrap">
        <Text fw={600} size="sm" component="h2" m={0}>
          {title}
        </Text>
        {extra}
      </Group>
      {body}
    </Card>
  );
}

/** A card's one sentence when it has nothing to show. */
export function CardEmpty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" py="md" ta="center">
      {children}
    </Text>
  );
}
