import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { requestTour, startOnBrandPage } from '../../features/tour/tour';
import { useCan } from '../../state/access';
import { useSession } from '../../state/session';

/**
 * Starts the guided tour (spec §2): on a brand page, its searcher's steps there; anywhere else the
 * whole tour, on the brand chooser, where the button takes the user.
 */
export function HelpButton() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!can.permission('user.tour')) return null;

  const onClick = () => {
    // A brand page has the searcher's steps: the tour starts where the user is.
    if (pathname === '/brand' && useSession.getState().selectedBrand) {
      startOnBrandPage();
      return;
    }
    requestTour();
    if (pathname !== '/brand/choose') void navigate('/brand/choose');
  };

  return (
    <Tooltip label={t('help.tooltip')} withArrow>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('help.label')} onClick={onClick}>
        <IconHelpCircle size={20} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}
