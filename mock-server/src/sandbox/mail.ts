import { base64url, randomBytes } from './bytes.js';
import { MemoryStore, type Store } from './engine/store.js';
import { StoredMap } from './stored-map.js';

/** What the backend would e-mail, kept for the outbox page instead (newest first). */
export interface Mail {
  id: number;
  to: string;
  kind: 'verification' | 'reset' | 'invitation';
  subject: string;
  /** The link into the sign-in app, as a path on the site (`/app.login/…`). */
  link: string;
  sentAt: Date;
}

type Sent = Omit<Mail, 'id' | 'sentAt'> & { sentAt: number };

/**
 * The mails in the sandbox's store (issue 31), so a mail sent through one instance is on every instance's outbox page.
 * A mail's number is its place in sending order (the oldest is 1), counted when the outbox is read: instances on one
 * database number the same mails alike.
 */
export class Outbox {
  readonly #mails: StoredMap<Sent>;
  #cache?: { count: number; newest: string | undefined; list: readonly Mail[] };

  constructor(store: () => Store = memory()) {
    this.#mails = new StoredMap('signIn.mails', store);
  }

  send(mail: Omit<Mail, 'id' | 'sentAt'>, at: Date): void {
    this.#mails.set(base64url(randomBytes(12)), { ...mail, sentAt: at.getTime() });
  }

  /** Newest first. */
  list(): readonly Mail[] {
    const store = this.#mails.store();
    const count = store.count(this.#mails.kind);
    let newest: string | undefined;
    for (const record of store.all(this.#mails.kind)) newest = record._id;
    if (this.#cache?.count === count && this.#cache.newest === newest) return this.#cache.list;
    const sent = [...this.#mails.values()];
    // Stable: mails of one millisecond keep the order this instance learnt of them in.
    sent.sort((a, b) => a.sentAt - b.sentAt);
    const list = sent.map((mail, i) => ({ ...mail, id: i + 1, sentAt: new Date(mail.sentAt) })).reverse();
    this.#cache = { count, newest, list };
    return list;
  }

  /**
   * At most `size` mails older than mail number `before` (the newest when undefined), newest first: a slice of the
   * list, which is built again only when a mail came.
   */
  page(before: number | undefined, size: number): readonly Mail[] {
    const mails = this.list();
    const start = before === undefined ? 0 : Math.max(0, mails.length - before + 1);
    return mails.slice(start, start + size);
  }
}

const memory = () => {
  const store = new MemoryStore();
  return () => store;
};

export const mailFor = {
  verification: (to: string, token: string) => ({
    to,
    kind: 'verification' as const,
    subject: 'Verify your e-mail address',
    link: `/app.login/verify/${encodeURIComponent(token)}`,
  }),
  reset: (to: string, token: string) => ({
    to,
    kind: 'reset' as const,
    subject: 'Reset your password',
    link: `/app.login/reset/${encodeURIComponent(token)}?email=${encodeURIComponent(to)}`,
  }),
  invitation: (to: string, token: string) => ({
    to,
    kind: 'invitation' as const,
    subject: 'You are invited to Run of Show',
    link: `/app.login/signup/invited/${encodeURIComponent(token)}`,
  }),
};
