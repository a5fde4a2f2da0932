import { describe, expect, it } from 'vitest';
import { errorFields } from './report.js';

describe('errorFields: what an error report says of what was thrown', () => {
  it('an Error: its name, message and stack, as a boundary caught it', () => {
    const error = new TypeError('Cannot read properties of undefined');
    expect(errorFields(error)).toEqual({
      kind: 'caught',
      name: 'TypeError',
      message: 'Cannot read properties of undefined',
      stack: error.stack,
    });
  });

  it('cuts what could be long: a message at 500 characters, a stack at 2,000', () => {
    const error = new Error('x'.repeat(600));
    error.stack = 'y'.repeat(3000);
    const fields = errorFields(error);
    expect(fields.message).toBe(`${'x'.repeat(500)}…`);
    expect(fields.stack).toBe(`${'y'.repeat(2000)}…`);
  });

  it('anything else thrown: its text, named NonError', () => {
    expect(errorFields('quota exceeded')).toEqual({ kind: 'caught', name: 'NonError', message: 'quota exceeded' });
    expect(errorFields(undefined)).toEqual({ kind: 'caught', name: 'NonError', message: 'undefined' });
  });

  it('a file that did not load (a script’s error event, kept before the entry ran): what and where', () => {
    const script = Object.assign(new EventTarget(), { tagName: 'SCRIPT', src: 'https://example.com/a/index-1.js' });
    let fields: ReturnType<typeof errorFields> | undefined;
    script.addEventListener('error', (event) => {
      fields = errorFields(event);
    });
    script.dispatchEvent(new Event('error'));
    expect(fields).toEqual({
      kind: 'error',
      name: 'LoadError',
      message: 'Failed to load script',
      source: 'https://example.com/a/index-1.js',
    });
  });
});
