import { describe, expect, it } from 'vitest';
import { SAMPLE_PERCENT, sessionOf } from './sampling.js';

/** A sessionStorage of its own. */
function memory(): Pick<Storage, 'getItem' | 'setItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('the session draw (§9: "session replay 10, session 100")', () => {
  it('monitors every session and replays one in ten', () => {
    expect(SAMPLE_PERCENT).toEqual({ session: 100, replay: 10 });
    let draws = 0;
    let replayed = 0;
    // 1,000 evenly spread draws: exactly the rate, with no luck in it.
    for (let i = 0; i < 1000; i++) {
      const session = sessionOf(undefined, () => i / 1000);
      draws += session.monitored ? 1 : 0;
      replayed += session.replay ? 1 : 0;
    }
    expect(draws).toBe(1000);
    expect(replayed).toBe(100);
  });

  it('draws once per tab: the next page of the session keeps its draw and id', () => {
    const storage = memory();
    const first = sessionOf(storage, () => 0.05);
    expect(first).toMatchObject({ monitored: true, replay: true });
    expect(sessionOf(storage, () => 0.99)).toEqual(first);
    expect(sessionOf(memory(), () => 0.99)).toMatchObject({ monitored: true, replay: false });
  });

  it('gives each session an id of its own, whatever the draw', () => {
    const ids = new Set(Array.from({ length: 50 }, () => sessionOf(undefined, () => 0.5).id));
    expect(ids.size).toBe(50);
  });

  it('draws again over a broken entry, and lives without storage', () => {
    const storage = memory();
    storage.items.set('runofshow.rum', '{not json');
    expect(sessionOf(storage, () => 0.05).replay).toBe(true);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(sessionOf(refusing, () => 0.5)).toMatchObject({ monitored: true, replay: false });
  });
});
