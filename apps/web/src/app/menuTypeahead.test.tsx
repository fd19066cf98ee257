import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Menu } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { MENU_SEARCH_RESET_MS } from '@brandvault/contract';
import { Providers } from './Providers';
import { useMenuTypeahead } from './menuTypeahead';

function Harness() {
  useMenuTypeahead();
  return (
    <Menu defaultOpened>
      <Menu.Target>
        <Button>Open</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {['Profile', 'Preferences', 'Ébauches', 'Log out'].map((label) => (
          <Menu.Item key={label}>{label}</Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

describe('menu typeahead', () => {
  it('moves to the item typed, steps through items sharing a letter, and starts over after a pause', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      render(
        <Providers env="test">
          <Harness />
        </Providers>,
      );
      const item = (name: string) => screen.getByRole('menuitem', { name });
      item('Profile').focus();
      await user.keyboard('l');
      expect(item('Log out')).toHaveFocus();
      await user.keyboard('p');
      expect(item('Profile')).toHaveFocus();
      await user.keyboard('p');
      expect(item('Preferences')).toHaveFocus();
      vi.advanceTimersByTime(MENU_SEARCH_RESET_MS + 10);
      // Accents do not matter; two letters typed together narrow the search.
      await user.keyboard('e');
      expect(item('Ébauches')).toHaveFocus();
      vi.advanceTimersByTime(MENU_SEARCH_RESET_MS + 10);
      await user.keyboard('pr');
      expect(item('Profile')).toHaveFocus();
      await user.keyboard('e');
      expect(item('Preferences')).toHaveFocus();
    } finally {
      vi.useRealTimers();
    }
  });
});
