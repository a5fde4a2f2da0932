import { describe, expect, it } from 'vitest';
import { BATCH_BYTES, KEEPALIVE_QUOTA, outbox, type Sent, utf8Bytes } from './outbox.js';

const HEAD = '{"v":1,"app":"app.login","reports":[]}';
const report = (text: string) => JSON.stringify({ type: 'replay', event: text });

/** An outbox whose requests end at once (`answered`: a collector that answers fast) or when the test says. */
function recording(answered = false) {
  const sent: (Sent & { done: () => void })[] = [];
  const box = outbox(
    () => HEAD,
    (one, done) => {
      sent.push({ ...one, done });
      if (answered) done();
    },
  );
  return { box, sent };
}

describe('the outbox: batches that a keepalive request can carry', () => {
  it('sends the open batch as one body, the reports inside the batch’s JSON', () => {
    const { box, sent } = recording();
    box.add(report('a'));
    box.add(report('b'));
    expect(sent).toEqual([]);
    box.flush();
    expect(sent.map(({ body, keepalive }) => ({ body: JSON.parse(body), keepalive }))).toEqual([
      {
        body: {
          v: 1,
          app: 'app.login',
          reports: [
            { type: 'replay', event: 'a' },
            { type: 'replay', event: 'b' },
          ],
        },
        keepalive: true,
      },
    ]);
    box.flush();
    expect(sent).toHaveLength(1);
  });

  it('closes a batch before it passes BATCH_BYTES, so 90 KB of Arabic replay goes as keepalive bodies', () => {
    const { box, sent } = recording(true);
    // 2 bytes a character in UTF-8: 9 × 5,000 characters is 90 KB.
    for (let i = 0; i < 9; i++) box.add(report(`${i}:${'ش'.repeat(5000)}`));
    box.flush();
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const one of sent) {
      expect(utf8Bytes(one.body)).toBeLessThanOrEqual(BATCH_BYTES + HEAD.length);
      expect(one.keepalive).toBe(true);
    }
    const events = sent.flatMap((one) => (JSON.parse(one.body) as { reports: { event: string }[] }).reports);
    expect(events.map((event) => event.event.split(':')[0])).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
  });

  it('counts the keepalive requests still in flight: one that would pass the quota beside them goes as an ordinary one', () => {
    const { box, sent } = recording();
    for (let i = 0; i < 6; i++) box.add(report('x'.repeat(BATCH_BYTES - 100)));
    box.flush();
    // Three of about 30 KB do not fit in 64 KiB together: while the first two are in flight, the rest go ordinary.
    expect(sent.map((one) => one.keepalive)).toEqual([true, true, false, false, false, false]);
    sent[0]?.done();
    box.add(report('after'));
    box.flush();
    expect(sent.at(-1)?.keepalive).toBe(true);
    expect(KEEPALIVE_QUOTA).toBe(65_536);
  });

  it('sends a report as big as a batch at once, alone', () => {
    const { box, sent } = recording();
    box.add(report('small'));
    box.add(report('y'.repeat(BATCH_BYTES)));
    expect(sent.map((one) => (JSON.parse(one.body) as { reports: unknown[] }).reports.length)).toEqual([1, 1]);
    expect(box.size()).toBe(0);
  });
});
