import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCan } from '../../state/access';
import { notifyInfo } from '../notify';

/**
 * The guided tour ships with a later capability; until then the button says so and takes the
 * user to the brand chooser, where the tour will begin.
 */
export function HelpButton() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!can.permission('user.tour')) return null;

  const onClick = () => {
    if (pathname !== '/brand/choose') void navigate('/brand/choose');
    notifyInfo(t('help.title'), t('help.message'));
  };

  return (
    <Tooltip label={t('help.label')} withArrow>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('help.label')} onClick={onClick}>
        <IconHelpCircle size={20} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}
