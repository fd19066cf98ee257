import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconMail, IconUpload } from '@tabler/icons-react';
import type { UserReportQuery } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { notifyError, notifyInfo } from '../../lib/notify';
import { useCan } from '../../state/access';
import { saveUsersReport, useSendReport } from './api';
import { UploadTemplateDialog } from './UploadTemplateDialog';

/**
 * The users page's report menu (§1 "request a users report"): the users of the current filters as
 * an xlsx, downloaded or sent by e-mail, and (user.update) the upload of an edited one.
 */
export function UsersReportActions({ query }: { query: UserReportQuery }) {
  const { t } = useTranslation();
  const can = useCan();
  const send = useSendReport();
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const download = () => {
    setBusy(true);
    saveUsersReport(query)
      .catch((e: unknown) => notifyError(e, 'reportSending'))
      .finally(() => setBusy(false));
  };
  const mail = () =>
    send.mutate(
      { kind: 'users', body: query },
      {
        onSuccess: () => notifyInfo(t('reports.toast.sendingTitle'), t('reports.toast.sending'), 'reportSending'),
        onError: (e) => notifyError(e, 'reportSending'),
      },
    );
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={16} />}
            rightSection={<IconChevronDown size={14} />}
            loading={busy || send.isPending}
          >
            {t('reports.users.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconDownload size={14} />} onClick={download}>
            {t('reports.users.download')}
          </Menu.Item>
          <Menu.Item leftSection={<IconMail size={14} />} onClick={mail}>
            {t('reports.users.send')}
          </Menu.Item>
          {can.permission('user.update') && (
            <Menu.Item leftSection={<IconUpload size={14} />} onClick={() => setUploading(true)}>
              {t('reports.users.upload')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <UploadTemplateDialog kind="users" opened={uploading} onClose={() => setUploading(false)} />
    </>
  );
}
