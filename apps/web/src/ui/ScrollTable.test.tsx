import { Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/Providers';
import { ScrollTable } from './ScrollTable';

describe('ScrollTable', () => {
  it('is a named region the keyboard reaches, holding the table', async () => {
    const user = userEvent.setup();
    render(
      <Providers>
        <button type="button">Before</button>
        <ScrollTable minWidth={640} label="Deliveries">
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>delivered</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Providers>,
    );
    const region = screen.getByRole('region', { name: 'Deliveries' });
    expect(region).toContainElement(screen.getByRole('table'));
    screen.getByRole('button', { name: 'Before' }).focus();
    await user.tab();
    expect(region).toHaveFocus();
  });
});
