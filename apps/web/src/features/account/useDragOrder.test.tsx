import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { moveItem, useDragOrder } from './useDragOrder';

describe('moveItem', () => {
  it('takes an item out and puts it back at its new place', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b'], 0, 9)).toEqual(['b', 'a']);
  });
});

function List() {
  const [order, setOrder] = useState(['a', 'b', 'c']);
  const drag = useDragOrder(order, setOrder);
  return (
    <ol>
      {order.map((v) => (
        <li key={v} {...drag.rowProps(v)}>
          <button type="button" {...drag.handleProps(v)}>
            {v}
          </button>
        </li>
      ))}
    </ol>
  );
}

describe('useDragOrder', () => {
  it('moves the focused handle’s entry with the arrows, Home and End, and keeps the focus on it', () => {
    render(<List />);
    const items = () => screen.getAllByRole('button').map((b) => b.textContent);
    const c = screen.getByRole('button', { name: 'c' });
    act(() => c.focus());
    fireEvent.keyDown(c, { key: 'ArrowUp' });
    expect(items()).toEqual(['a', 'c', 'b']);
    fireEvent.keyDown(c, { key: 'Home' });
    expect(items()).toEqual(['c', 'a', 'b']);
    expect(c).toHaveFocus();
    fireEvent.keyDown(c, { key: 'ArrowUp' });
    expect(items()).toEqual(['c', 'a', 'b']);
    fireEvent.keyDown(c, { key: 'End' });
    expect(items()).toEqual(['a', 'b', 'c']);
  });
});
