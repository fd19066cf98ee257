import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@brandvault/contract';
import { toastBase } from './notify';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

/**
 * A success toast with buttons after its message ("Undo", "Go to folder"); a button closes the
 * toast when used. It stays a little longer than a plain one, so there is time to reach it.
 */
export function notifySuccessWithActions(
  title: string,
  message: string,
  actions: ToastAction[],
  kind: keyof typeof TOAST_MS = 'assets',
) {
  const id = notifications.show({
    ...toastBase(),
    title,
    color: 'teal',
    autoClose: TOAST_MS[kind] + 4000,
    message: (
      <>
        <Text size="sm" c="dimmed">
          {message}
        </Text>
        <Group gap="xs" mt={6}>
          {actions.map((a) => (
            <Button
              key={a.label}
              size="compact-xs"
              variant="light"
              onClick={() => {
                notifications.hide(id);
                a.onClick();
              }}
            >
              {a.label}
            </Button>
          ))}
        </Group>
      </>
    ),
  });
  return id;
}
