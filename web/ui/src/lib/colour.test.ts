import { describe, expect, it } from 'vitest';
import { BRIGHTNESS_THRESHOLD, brightness, contrastRatio, hexToRgb, textColourOn } from './colour.js';

describe('§9 label text colour by brightness threshold 122', () => {
  it('is 122', () => {
    expect(BRIGHTNESS_THRESHOLD).toBe(122);
  });

  it('weighs red, green and blue 299/587/114', () => {
    expect(brightness('#ffffff')).toBe(255);
    expect(brightness('#000000')).toBe(0);
    expect(brightness('#ff0000')).toBeCloseTo(76.245);
    expect(brightness('#00ff00')).toBeCloseTo(149.685);
    expect(brightness('#0000ff')).toBeCloseTo(29.07);
  });

  it.each([
    // grey 122 sits exactly on the threshold: white text
    ['#7a7a7a', 122, '#ffffff'],
    ['#7b7b7b', 123, '#000000'],
    ['#797979', 121, '#ffffff'],
    ['#6B66F8', 120.139, '#ffffff'],
    ['#fef08a', 232.558, '#000000'],
    ['fff', 255, '#000000'],
  ])('%s (brightness %d) gets %s text', (background, level, text) => {
    expect(brightness(background)).toBeCloseTo(level, 3);
    expect(textColourOn(background)).toBe(text);
  });

  it('reads 3- and 6-digit hex with or without #, and nothing else', () => {
    expect(hexToRgb('#abc')).toEqual([0xaa, 0xbb, 0xcc]);
    expect(hexToRgb('6B66F8')).toEqual([0x6b, 0x66, 0xf8]);
    expect(hexToRgb('#abcd')).toBeUndefined();
    expect(hexToRgb('#ggg')).toBeUndefined();
  });

  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});
