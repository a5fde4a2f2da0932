import { describe, expect, it } from 'vitest';
import { parseLogLines } from './log-lines.js';

describe('parseLogLines', () => {
  it('reads a log the host is still writing, without its half-written last line', () => {
    const text = '{"msg":"listening"}\n{"msg":"request","status":200}\n{"msg":"request","reqId":"1a91a060-a';
    expect(parseLogLines(text)).toEqual([{ msg: 'listening' }, { msg: 'request', status: 200 }]);
  });

  it('skips the fragment a killed host left, and keeps the next run', () => {
    const text = '{"msg":"request","sta{"msg":"listening"}\n{"msg":"request","status":201}\n';
    expect(parseLogLines(text)).toEqual([{ msg: 'request', status: 201 }]);
  });
});
