/** §9 business constants: "Monitoring sample rates: session replay 10, session 100" (percent of sessions). */
export const SAMPLE_PERCENT = { session: 100, replay: 10 } as const;

export interface MonitoredSession {
  /** A random id, the same for every page of one browser tab's visit; nothing about the visitor. */
  id: string;
  /** Whether this session is monitored at all (100 %: every one). */
  monitored: boolean;
  /** Whether this session's pages are recorded for replay (10 %). */
  replay: boolean;
}

const KEY = 'runofshow.rum';

/**
 * The session's draw, made once per tab (sessionStorage) so that a session is replayed whole or not at all, and
 * kept for its next pages. `random` is Math.random in the page (a test may pass its own).
 */
export function sessionOf(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, random = Math.random) {
  try {
    const kept = JSON.parse(storage?.getItem(KEY) ?? 'null') as MonitoredSession | null;
    if (kept && typeof kept.id === 'string') return kept;
  } catch {
    // A broken entry: draw again.
  }
  const session: MonitoredSession = {
    id: Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join(''),
    monitored: random() * 100 < SAMPLE_PERCENT.session,
    replay: random() * 100 < SAMPLE_PERCENT.replay,
  };
  try {
    storage?.setItem(KEY, JSON.stringify(session));
  } catch {
    // Storage refused: this page alone is the session.
  }
  return session;
}
