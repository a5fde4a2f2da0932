import { describe, expect, it } from 'vitest';
import { parseLogLines, triesOf } from './log-lines.js';

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

describe('triesOf', () => {
  it('lists each try of a call nginx logged, with the host and what it answered', () => {
    const access = parseLogLines(
      [
        '{"time":"2026-11-26T15:07:39+00:00","status":503,"durationS":0.335,"upstream":"127.0.0.1:1","upstreamStatus":"503","reqId":"a"}',
        '{"time":"2026-11-26T15:07:40+00:00","status":200,"durationS":0.01,"upstream":"127.0.0.1:1","upstreamStatus":"200","reqId":"b"}',
        '{"time":"2026-11-26T15:07:41+00:00","status":502,"durationS":0.02,"upstream":"127.0.0.1:1, 127.0.0.1:2","upstreamStatus":"502, 502","reqId":"a"}',
        '',
      ].join('\n'),
    );
    expect(triesOf(access, 'a')).toBe(
      '15:07:39 503 from 127.0.0.1:1 (503) in 0.335 s; 15:07:41 502 from 127.0.0.1:1, 127.0.0.1:2 (502, 502) in 0.02 s',
    );
    expect(triesOf(access, 'c')).toBe('no try reached nginx');
  });
});
