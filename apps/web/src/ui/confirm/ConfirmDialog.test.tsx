import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/Providers';
import { ConfirmDialog } from './ConfirmDialog';
import { confirm } from './confirmStore';

const request = { title: 'Log out?', message: 'Sure?', confirmLabel: 'Log out', cancelLabel: 'Cancel' };

describe('ConfirmDialog', () => {
  it('focuses the deny button and ignores Enter', async () => {
    const user = userEvent.setup();
    render(
      <Providers env="test">
        <ConfirmDialog />
      </Providers>,
    );
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirm(request);
    });
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());

    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(cancel);
    await expect(answer).resolves.toBe(false);
  });

  it('resolves true on the confirm button', async () => {
    const user = userEvent.setup();
    render(
      <Providers env="test">
        <ConfirmDialog />
      </Providers>,
    );
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm(request);
    });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await expect(answer).resolves.toBe(true);
  });
});
