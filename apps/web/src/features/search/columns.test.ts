import { describe, expect, it } from 'vitest';
import { columnsFor } from './Results';

describe('columnsFor', () => {
  it('puts two cards side by side on a phone and 200 px ones on wider screens', () => {
    expect(columnsFor(280)).toBe(2); // 320 px screen
    expect(columnsFor(320)).toBe(2); // 360 px
    expect(columnsFor(350)).toBe(2); // 390 px
    expect(columnsFor(700)).toBe(3);
    expect(columnsFor(1100)).toBe(5);
  });
});
