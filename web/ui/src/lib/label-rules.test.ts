import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LABEL_COLOR,
  labelColorSchema,
  labelIssue,
  labelMessages,
  labelTextSchema,
  normaliseColor,
} from './label-rules.js';

describe('§5 label rules', () => {
  it('defaults a new label to #6B66F8', () => {
    expect(DEFAULT_LABEL_COLOR).toBe('#6B66F8');
    expect(labelIssue(labelColorSchema, DEFAULT_LABEL_COLOR)).toBeUndefined();
  });

  it.each([
    ['', labelMessages.textLength],
    ['   ', labelMessages.textLength],
    ['K', undefined],
    ['x'.repeat(64), undefined],
    ['x'.repeat(65), labelMessages.textLength],
    ['🎤'.repeat(64), undefined],
  ])('text %j → %s', (text, message) => {
    expect(labelIssue(labelTextSchema, text)).toBe(message);
  });

  it.each([
    ['#abc', undefined],
    ['abc', undefined],
    ['#A1B2C3', undefined],
    ['#ab', labelMessages.colorFormat],
    ['#abcdef0', labelMessages.colorFormat],
    ['##abc', labelMessages.colorFormat],
    ['#a-b', labelMessages.colorFormat],
    // §5 allows these (3 to 6 word characters); no screen can paint them
    ['#zzz', labelMessages.colorHex],
    ['#abcd', labelMessages.colorHex],
  ])('colour %j → %s', (color, message) => {
    expect(labelIssue(labelColorSchema, color)).toBe(message);
  });

  it('stores colours as #RRGGBB', () => {
    expect(normaliseColor('abc')).toBe('#AABBCC');
    expect(normaliseColor('#6b66f8')).toBe('#6B66F8');
  });
});
