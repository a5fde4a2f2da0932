import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colourForName } from './name-colour.js';
import { READABLE_PALETTE } from './palette.js';

describe('§9 avatar colour from the name', () => {
  it('is stable for a name, whatever its case or outer spaces', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (name) => {
        expect(colourForName(name)).toBe(colourForName(name));
        expect(colourForName(` ${name.toLowerCase()} `)).toBe(colourForName(name.toUpperCase().toLowerCase()));
      }),
    );
    expect(colourForName('Ada Lovelace')).toBe(colourForName('ada lovelace'));
  });

  it('comes from the readable palette and spreads names across it', () => {
    const names = Array.from({ length: 500 }, (_, i) => `Person ${i}`);
    const colours = new Set(names.map(colourForName));
    for (const colour of colours) expect(READABLE_PALETTE).toContain(colour);
    expect(colours.size).toBeGreaterThan(READABLE_PALETTE.length * 0.8);
  });
});
