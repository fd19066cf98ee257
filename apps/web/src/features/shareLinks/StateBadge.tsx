import { Badge } from '@mantine/core';
import type { ShareLinkState } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ShareLinkState, string> = { active: 'teal', expired: 'gray', revoked: 'red' };

/** A link's state as the owner's list and the administrators' table show it. */
export function StateBadge({ state }: { state: ShareLinkState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[state]}>
      {t(`share.states.${state}`)}
    </Badge>
  );
}
