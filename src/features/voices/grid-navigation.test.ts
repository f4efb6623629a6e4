// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { gridColumns, nextGridIndex } from './grid-navigation';

describe('gridColumns', () => {
  it('fits as many minimum-width cards as the width allows, at least one', () => {
    expect(gridColumns(0, 300, 16)).toBe(1);
    expect(gridColumns(299, 300, 16)).toBe(1);
    expect(gridColumns(616, 300, 16)).toBe(2);
    expect(gridColumns(1152, 300, 16)).toBe(3);
  });
});

describe('nextGridIndex', () => {
  // 3 columns, 8 cards: rows [0 1 2] [3 4 5] [6 7]
  const move = (key: string, index: number) => nextGridIndex(key, index, 8, 3);

  it('moves by one with Left/Right, across row ends, and stops at the ends', () => {
    expect(move('ArrowRight', 2)).toBe(3);
    expect(move('ArrowLeft', 3)).toBe(2);
    expect(move('ArrowLeft', 0)).toBe(0);
    expect(move('ArrowRight', 7)).toBe(7);
  });

  it('moves by a row with Up/Down, landing on the last card of a short last row', () => {
    expect(move('ArrowDown', 1)).toBe(4);
    expect(move('ArrowDown', 5)).toBe(7);
    expect(move('ArrowDown', 6)).toBe(6);
    expect(move('ArrowUp', 4)).toBe(1);
    expect(move('ArrowUp', 1)).toBe(1);
  });

  it('jumps to the ends with Home/End and ignores other keys', () => {
    expect(move('Home', 5)).toBe(0);
    expect(move('End', 1)).toBe(7);
    expect(move('Enter', 1)).toBeUndefined();
  });
});
