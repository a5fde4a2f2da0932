import { describe, expect, it } from 'vitest';
import { type Operation, operations, resolve } from './support/bundle.js';

// Issue 12 point 2: §7 lists GET /users/{userId}/team/{teamId}/deleterole among the calls that remove things. The
// description says what it does, warns that it is a GET with an effect, and marks it `x-write: true` so the SDK's
// generated table treats it as a write.
const deleterole = operations.find((o) => o.path === '/users/{userId}/team/{teamId}/deleterole') as Operation;

describe('GET …/deleterole', () => {
  it('is described as removing the team role, with a warning never to prefetch or cache it', () => {
    expect(deleterole.method).toBe('GET');
    expect(deleterole.op.summary).toBe("Remove a user's team role");
    expect(deleterole.op.description).toMatch(/\*\*This GET changes data\*\*: never prefetch it, cache it/);
    const ok = resolve((deleterole.op.responses as Record<string, unknown>)['200']);
    expect(Object.keys(ok.headers as object)).toContain('Cache-Control');
  });

  it('is marked a write and takes an Idempotency-Key', () => {
    expect(deleterole.op['x-write']).toBe(true);
    const headers = ((deleterole.op.parameters ?? []) as unknown[]).map((p) => resolve(p).name);
    expect(headers).toContain('Idempotency-Key');
  });

  it('is the only GET so marked, and no other GET says it removes or deletes', () => {
    const marked = operations.filter((o) => o.op['x-write'] === true).map((o) => o.id);
    expect(marked).toEqual([deleterole.id]);
    const sayingRemove = operations
      .filter((o) => o.method === 'GET' && /^(Remove|Delete)\b/.test(String(o.op.summary)))
      .map((o) => o.id);
    expect(sayingRemove).toEqual([deleterole.id]);
  });
});
