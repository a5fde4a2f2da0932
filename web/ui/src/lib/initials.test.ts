import { describe, expect, it } from 'vitest';
import { fullName, initials } from './initials.js';

describe('§9 avatar initials', () => {
  it.each([
    ['Ada', 'Lovelace', 'AL'],
    ['grace', 'hopper', 'GH'],
    ['  Émile ', 'Zola', 'ÉZ'],
    ['Ada', '', 'A'],
    ['', '', ''],
    ['😀x', 'Young', '😀Y'],
  ])('%j %j → %j', (first, last, expected) => {
    expect(initials(first, last)).toBe(expected);
  });

  it('writes the full name with one space', () => {
    expect(fullName(' Ada ', 'Lovelace')).toBe('Ada Lovelace');
    expect(fullName('Ada', '')).toBe('Ada');
  });
});
