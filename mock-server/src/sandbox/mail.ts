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

export class Outbox {
  readonly #mails: Mail[] = [];

  send(mail: Omit<Mail, 'id' | 'sentAt'>, at: Date): Mail {
    const sent = { ...mail, id: this.#mails.length + 1, sentAt: at };
    this.#mails.unshift(sent);
    return sent;
  }

  /** Newest first. */
  list(): readonly Mail[] {
    return this.#mails;
  }

  /**
   * At most `size` mails older than mail number `before` (the newest when undefined), newest first: a slice, so a
   * page costs the same at 3,000 mails as at 3.
   */
  page(before: number | undefined, size: number): readonly Mail[] {
    const start = before === undefined ? 0 : Math.max(0, this.#mails.length - before + 1);
    return this.#mails.slice(start, start + size);
  }
}

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
