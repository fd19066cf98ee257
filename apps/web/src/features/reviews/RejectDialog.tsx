import { useState } from 'react';
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { REVIEW_REASON_MAX } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { FormActions } from '../../ui/form/FormActions';
import { FormModal } from '../../ui/form/FormModal';
import { useReject } from './api';
import { CharCount } from '../../ui/form/CharCount';

interface Props {
  /** The assets to reject; the dialog is open while there are any. */
  ids: number[];
  onClose: () => void;
  onDone?: () => void;
}

/** Rejecting uploads needs a reason: it becomes a comment on each asset and reaches the uploader. */
export function RejectDialog({ ids, onClose, onDone }: Props) {
  const { t } = useTranslation();
  return (
    <FormModal opened={ids.length > 0} onClose={onClose} title={t('reviews.rejectTitle', { count: ids.length })}>
      {() => <RejectForm ids={ids} onClose={onClose} onDone={onDone} />}
    </FormModal>
  );
}

function RejectForm({ ids, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const reject = useReject();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!reason.trim()) {
      setError(t('reviews.reasonRequired'));
      return;
    }
    reject.mutate(
      { ids, reason: reason.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('reviews.rejectedTitle'), t('reviews.rejected', { count: ids.length }), 'assets');
          onDone?.();
          onClose();
        },
        onError: (e) => {
          const field = e instanceof ApiError ? e.fields?.reason : undefined;
          if (field) setError(field);
          else notifyError(e, 'assets');
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('reviews.rejectHelp')}
        </Text>
        <Textarea
          label={t('reviews.reason')}
          required
          rows={3}
          maxLength={REVIEW_REASON_MAX}
          description={<CharCount value={reason} max={REVIEW_REASON_MAX} />}
          value={reason}
          error={error}
          data-autofocus
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
        />
        <FormActions onCancel={onClose}>
          <Button type="submit" color="red" loading={reject.isPending}>
            {t('reviews.reject')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
