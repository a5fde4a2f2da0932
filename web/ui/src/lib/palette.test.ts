import { describe, expect, it } from 'vitest';
import { contrastRatio, hexToRgb, textColourOn } from './colour.js';
import { PALETTE, PALETTE_FAMILIES, READABLE_PALETTE, rotateColour } from './palette.js';

describe('§9 colour palette', () => {
  it('has nine families of six shades: 54 distinct colours', () => {
    expect(Object.keys(PALETTE_FAMILIES)).toHaveLength(9);
    for (const shades of Object.values(PALETTE_FAMILIES)) expect(shades).toHaveLength(6);
    expect(PALETTE).toHaveLength(54);
    expect(new Set(PALETTE.map((c) => c.toLowerCase())).size).toBe(54);
    for (const colour of PALETTE) expect(hexToRgb(colour)).toBeDefined();
  });

  it('orders each family lightest first', () => {
    for (const shades of Object.values(PALETTE_FAMILIES)) {
      const light = shades.map((c) => contrastRatio(c, '#000000'));
      expect([...light].sort((a, b) => b - a)).toEqual(light);
    }
  });

  it('keeps a readable subset wide enough to tell people apart', () => {
    expect(READABLE_PALETTE.length).toBeGreaterThanOrEqual(40);
    for (const colour of READABLE_PALETTE)
      expect(contrastRatio(colour, textColourOn(colour))).toBeGreaterThanOrEqual(4.5);
  });
});

describe('rotateColour', () => {
  it('picks by the random number across the palette, never the current colour', () => {
    const current = PALETTE[0];
    expect(rotateColour(current, () => 0)).toBe(PALETTE[1]);
    expect(rotateColour(current, () => 0.999999)).toBe(PALETTE[53]);
    for (let i = 0; i < 200; i += 1) {
      const pick = rotateColour(current);
      expect(PALETTE).toContain(pick);
      expect(pick).not.toBe(current);
    }
  });

  it('can reach every colour from an unknown one', () => {
    const seen = new Set(PALETTE.map((_, i) => rotateColour(undefined, () => i / PALETTE.length)));
    expect(seen.size).toBe(54);
  });
});
