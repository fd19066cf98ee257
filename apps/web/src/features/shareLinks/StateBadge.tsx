import { Badge } from '@mantine/core';
import type { ShareLinkState } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<ShareLinkState, string> = { active: 'teal', expired: 'gray', revoked: 'red' };

/** A link's state, as the owner's list and the administrators' table show it. */
export function ShareLinkStateBadge({ state }: { state: ShareLinkState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {t(`shareLinks.states.${state}`)}
    </Badge>
  );
}
