import type { KeyboardEvent } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { answerConfirm, useConfirmStore } from './confirmStore';

// Enter would activate the focused button; swallowing it keeps the dialog open until a deliberate click or Space.
function blockEnter(e: KeyboardEvent) {
  if (e.key === 'Enter') e.preventDefault();
}

/**
 * Spec §5: a confirmation does not close on an outside click or on Enter, and focus starts on
 * the deny button, so a stray keystroke can never confirm a destructive action.
 */
export function ConfirmDialog() {
  const request = useConfirmStore((s) => s.request);

  return (
    <Modal
      opened={request !== null}
      onClose={() => answerConfirm(false)}
      title={request?.title}
      closeOnClickOutside={false}
      closeOnEscape
      centered
      size="sm"
      trapFocus
      returnFocus
      withCloseButton={false}
      // Above the full-screen viewer (1000), where comments are deleted too.
      zIndex={1100}
    >
      {request && (
        <div onKeyDownCapture={blockEnter}>
          <Text size="sm" c="dimmed" mb="lg">
            {request.message}
          </Text>
          {request.details && request.details.length > 0 && (
            <Stack gap="xs" mb="lg" data-testid="confirm-details">
              {request.details.map((line, i) => (
                <Text key={i} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {line}
                </Text>
              ))}
            </Stack>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" data-autofocus onClick={() => answerConfirm(false)}>
              {request.cancelLabel}
            </Button>
            <Button color={request.danger ? 'red' : undefined} onClick={() => answerConfirm(true)}>
              {request.confirmLabel}
            </Button>
          </Group>
        </div>
      )}
    </Modal>
  );
}
