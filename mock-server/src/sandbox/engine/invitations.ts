import type { Engine } from './engine.js';
import type { StoredRecord } from './store.js';

/** The kinds whose records give a user a place on a team or event. */
const HOLDING = ['teamRoles', 'eventRoles', 'teamPermissions', 'eventPermissions'] as const;

/**
 * An invitation accepted (issue 31): the invited address was proved (its verification or reset link used), so the
 * pending users made for it (`users.createPending`, invited by a team's admin) hand their roles to the account, which
 * becomes a member of each inviting team with the invited role; the pending records go. Not at sign-up: §7's sign-up
 * payload carries no invitation token, so typing an invited address must not be enough to join its team
 * (openapi/DECISIONS.md). A role the account already holds on the same team or event is kept instead.
 */
export function acceptInvitations(engine: Engine, user: { _id: string; email: string }): void {
  const store = engine.store;
  const address = user.email.trim().toLowerCase();
  const account = store.get('users', user._id);
  if (account) store.put('users', { ...account, isVerified: true, pending: false });
  const pendings = [...store.all('users')].filter(
    (u) => u.pending === true && u._id !== user._id && String(u.email).trim().toLowerCase() === address,
  );
  for (const pending of pendings) {
    for (const kind of HOLDING) {
      const records = [...store.all(kind)];
      const held = (r: StoredRecord) => `${String(r.teamId ?? '')}\n${String(r.eventId ?? '')}`;
      const mine = new Set(records.filter((r) => r.userId === user._id).map(held));
      for (const record of records) {
        if (record.userId !== pending._id) continue;
        if (mine.has(held(record))) store.remove(kind, record._id);
        else store.put(kind, { ...record, userId: user._id });
      }
    }
    store.remove('users', pending._id);
  }
}
