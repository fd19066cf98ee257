import { Modal } from '@mantine/core';
import type { ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props extends Pick<ModalProps, 'opened' | 'onClose' | 'title' | 'size' | 'fullScreen' | 'zIndex'> {
  /** The form, mounted only while the modal is open so each opening starts from fresh values. */
  children: () => ReactNode;
}

/** A modal that holds one form, with a named close button. */
export function FormModal({ children, ...modal }: Props) {
  const { t } = useTranslation();
  return (
    <Modal {...modal} closeButtonProps={{ 'aria-label': t('common.close') }}>
      {modal.opened && children()}
    </Modal>
  );
}
