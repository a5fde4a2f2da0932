import { describe, expect, it } from 'vitest';
import { SignInSandbox } from '../src/sandbox/sandbox.js';

// Issue 28: the sandbox's sign-up keeps §5's e-mail and name rules as the app does (top-level domains from the
// standard list plus 'mail'; a name is a link only when it ends in one), where Prism checks the description's syntax.
const newcomer = {
  firstName: 'Tess',
  lastName: 'Tester',
  email: 'tess@example.com',
  password: 'Domain-Work-Pass-1',
  captcha: 'c',
};

const signUp = async (change: Record<string, string>) => {
  const sandbox = await SignInSandbox.seeded();
  const answer = await sandbox.createUser({ ...newcomer, ...change });
  const errors = (answer.body as { errors?: { location: string[] }[] }).errors;
  return [answer.status, errors?.[0]?.location.at(-1)];
};

describe('sign-up in the sandbox: §5 top-level domains', () => {
  it.each(["o'brien@example.com", 'ada@team.mail', 'ada@Example.MUSEUM', 'ada@xn--80ak6aa92e.xn--p1ai'])(
    'creates an account for %s',
    async (email) => {
      expect(await signUp({ email })).toEqual([201, undefined]);
    },
  );

  it.each(['ada@example.notatld', 'ada@example.xn--nope'])('refuses %s on its e-mail with 422', async (email) => {
    expect(await signUp({ email })).toEqual([422, 'email']);
  });

  it.each([
    ['Mary.Ann', 201, undefined],
    ['St.John', 201, undefined],
    ['tess.com', 422, 'firstName'],
    ['Visit.MAIL', 422, 'firstName'],
  ])('takes the first name %s as %i', async (firstName, status, field) => {
    expect(await signUp({ firstName })).toEqual([status, field]);
  });
});
