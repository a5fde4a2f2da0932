import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DESTINATION,
  destinationAfterSignIn,
  destinationAfterSignUp,
  leavePath,
  safeReturnPath,
} from './return-url.js';

const origin = 'http://127.0.0.1:5173';

// Values an attacker can put in `?redirect=`: each must be ignored. [value, the trick it plays]
const HOSTILE: [string, string][] = [
  ['https://evil.example/dash', 'another origin'],
  ['HTTPS://EVIL.EXAMPLE/', 'another origin, upper case'],
  ['https:evil.example', 'scheme without slashes'],
  ['https://127.0.0.1:5173/dash', 'same host, other scheme'],
  ['http://127.0.0.1:5174/dash', 'same host, other port'],
  ['http://127.0.0.1.evil.example/', 'our host as a subdomain'],
  ['http://2130706433/', 'decimal IP of our host, default port'],
  ['http://[::1]:5173/', 'IPv6 loopback'],
  ['http://evil\u3002example/', 'IDN ideographic full stop'],
  ['http://\uff45vil.example/', 'full-width letters'],
  ['//evil.example/dash', 'protocol-relative'],
  ['///evil.example', 'triple slash'],
  ['/\\evil.example', 'slash backslash'],
  ['\\\\evil.example', 'double backslash'],
  ['\\/evil.example', 'backslash slash'],
  ['/..//evil.example', 'dot segment folding into //'],
  ['/.//evil.example', 'single-dot segment folding into //'],
  ['/a/..//evil.example', 'parent segment folding into //'],
  ['/%2e%2e/%2e%2e//evil.example', 'encoded dot segments folding into //'],
  ['%2F%2Fevil.example', 'encoded //'],
  ['%2f%2fevil.example', 'encoded //, lower case'],
  ['/%2F%2Fevil.example', 'encoded // after a slash'],
  ['/%5Cevil.example', 'encoded backslash'],
  ['%252F%252Fevil.example', 'double-encoded //'],
  ['/%E0%A4%A', 'malformed percent-encoding'],
  ['javascript:alert(1)', 'javascript: scheme'],
  ['JavaScript:alert(1)', 'javascript: scheme, mixed case'],
  [' javascript:alert(1)', 'javascript: after a space'],
  ['java\tscript:alert(1)', 'javascript: split by a tab'],
  ['java%0Ascript:alert(1)', 'javascript: split by an encoded newline'],
  ['data:text/html,hi', 'data: scheme'],
  ['DATA:text/html;base64,PHNjcmlwdD4=', 'data: scheme, upper case'],
  ['vbscript:msgbox(1)', 'vbscript: scheme'],
  ['blob:http://127.0.0.1:5173/0f1e', 'blob: scheme on our origin'],
  ['file:///etc/passwd', 'file: scheme'],
  ['ftp://evil.example/', 'ftp: scheme'],
  ['http://127.0.0.1:5173@evil.example/', 'our origin as userinfo'],
  ['http://user:pass@127.0.0.1:5173/dash', 'userinfo on our origin'],
  ['http://user@127.0.0.1:5173/dash', 'username on our origin'],
  ['http://127.0.0.1:5173%2F@evil.example/', 'encoded slash before @'],
  ['https://evil.example#@127.0.0.1:5173', 'our origin after # and @'],
  ['/\tevil', 'tab in the path'],
  ['/\n/evil.example', 'newline in the path'],
  ['\t//evil.example', 'leading tab before //'],
  ['/\r\n/evil.example', 'CRLF in the path'],
  [' //evil.example', 'leading space before //'],
  ['/\u00a0//evil.example', 'no-break space'],
  ['/\u2028/evil.example', 'line separator'],
  ['/\ufeff/evil.example', 'byte order mark'],
  ['\u0000/dash', 'NUL'],
  ['/%09/evil.example', 'encoded tab'],
  ['/%0d%0a/evil.example', 'encoded CRLF'],
  ['/app.login', 'the sign-in base itself'],
  ['/app.login/login', 'a sign-in page'],
  ['/app.login/signup?x=1', 'a sign-in page with a query'],
  ['/app.login/reset/abc?email=a@b.c', 'a token page'],
  ['/%61pp.login/login', 'an encoded sign-in page'],
  ['/APP.LOGIN/login', 'a sign-in page in upper case'],
  ['/dash/../app.login/login', 'a sign-in page behind a dot segment'],
  // Issue 14: same-host paths that act at once, and paths that read as // once decoded.
  ['/sso/login/evil.example', 'SSO for a domain the link chose'],
  ['/SSO/login/evil.example', 'SSO, upper case'],
  ['/%73so/login/evil.example', 'SSO, encoded letter'],
  ['/%2Fsso/login/evil.example', 'SSO behind an encoded slash'],
  ['/dash/..%2Fsso/login/evil.example', 'SSO behind an encoded dot segment'],
  ['%2Fsso%2Flogin%2Fevil.example', 'SSO, fully encoded'],
  ['/sso', 'the SSO base itself'],
  [`${origin}/sso/login/evil.example`, 'SSO as an absolute URL on our origin'],
  ['/api/users.delete', 'the proxy'],
  ['/API/users.delete', 'the proxy, upper case'],
  ['/%61pi/users.delete', 'the proxy, encoded letter'],
  ['/api', 'the proxy base itself'],
  ['/dash/%2e%2e/api/tokens.delete', 'the proxy behind an encoded dot segment'],
  ['/%2e%2e%2f%2fevil.example', 'encoded dots and slashes that fold into // once decoded'],
  ['/dash/..%2F%2Fevil.example', 'an encoded parent segment that folds into // once decoded'],
  ['/%252e%252e%252f%252fevil.example', 'double-encoded dots and slashes folding into //'],
];

describe('destinationAfterSignIn (§2)', () => {
  it('goes to /dash/redirect without a redirect', () => {
    expect(destinationAfterSignIn(null, origin)).toBe(DEFAULT_DESTINATION);
  });

  it('honours a same-host path with its query and hash', () => {
    expect(destinationAfterSignIn('/dash/team/1?tab=a#b', origin)).toBe('/dash/team/1?tab=a#b');
    expect(destinationAfterSignIn(`${origin}/dash/events`, origin)).toBe('/dash/events');
  });

  it("sends a path of just '/' to /dash/redirect, whatever its query or hash", () => {
    for (const redirect of ['/', `${origin}/`, '/?tab=1', '/#top', `${origin}/?a=b#c`]) {
      expect(destinationAfterSignIn(redirect, origin)).toBe('/dash/redirect');
    }
    expect(destinationAfterSignIn('/?x=1', origin, '/dash/redirect/new')).toBe('/dash/redirect');
  });

  it.each(HOSTILE)('ignores %j (%s)', (redirect) => {
    expect(safeReturnPath(redirect, origin)).toBeUndefined();
    expect(destinationAfterSignIn(redirect, origin)).toBe(DEFAULT_DESTINATION);
  });

  it('never returns a path that decodes to one starting with //', () => {
    // The hostile list is refused outright (above); this holds for whatever the guard accepts: paths built from
    // slashes, backslashes, dots and their percent-escapes, as a link's author would try them.
    const piece = fc.constantFrom('/', '\\', '.', '%2f', '%2F', '%5c', '%2e', '%252f', 'dash', 'a', '?', '#', '@');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const path = safeReturnPath(`/${pieces.join('')}`, origin);
        let decoded = path ?? '';
        for (let i = 0; i < 3; i++) decoded = decodeURIComponent(decoded.replace(/%(?![0-9a-f]{2})/gi, '%25'));
        expect(decoded.replace(/\\/g, '/')).not.toMatch(/^\/\//);
      }),
      { numRuns: 2000 },
    );
  });

  it("lets the app's own SSO start through leaveTo, and nothing else a link's redirect may not reach", () => {
    expect(leavePath('/sso/login/engines.example.com', origin)).toBe('/sso/login/engines.example.com');
    for (const [redirect, trick] of HOSTILE) {
      if (!trick.includes('SSO')) expect(leavePath(redirect, origin)).toBeUndefined();
    }
  });

  it('still honours paths that merely contain sso or api', () => {
    expect(safeReturnPath('/dash/sso/settings', origin)).toBe('/dash/sso/settings');
    expect(safeReturnPath('/dash/api-keys', origin)).toBe('/dash/api-keys');
    expect(safeReturnPath('/ssonews', origin)).toBe('/ssonews');
  });

  it(`holds at least 40 hostile values (${HOSTILE.length})`, () => {
    expect(new Set(HOSTILE.map(([value]) => value)).size).toBeGreaterThanOrEqual(40);
  });
});

describe('destinationAfterSignUp (§2)', () => {
  it('sends a new user to /dash/redirect/new', () => {
    expect(destinationAfterSignUp({ kind: 'new-user' }, null, origin)).toBe('/dash/redirect/new');
  });

  it('sends an existing user who created a team to the team', () => {
    expect(destinationAfterSignUp({ kind: 'existing-user', teamId: '65a1f0c2e4b0a1b2c3d4e5f7' }, null, origin)).toBe(
      '/dash/team/65a1f0c2e4b0a1b2c3d4e5f7',
    );
  });

  it('sends anyone else to /dash/redirect', () => {
    expect(destinationAfterSignUp({ kind: 'existing-user', teamId: undefined }, null, origin)).toBe('/dash/redirect');
    expect(destinationAfterSignUp({ kind: 'invited', inviteUrl: undefined }, null, origin)).toBe('/dash/redirect');
  });

  it("follows an invitation's own url only when it is on this host", () => {
    expect(destinationAfterSignUp({ kind: 'invited', inviteUrl: '/dash/team/1' }, null, origin)).toBe('/dash/team/1');
    expect(destinationAfterSignUp({ kind: 'invited', inviteUrl: 'https://evil.example/' }, null, origin)).toBe(
      '/dash/redirect',
    );
  });

  it('lets a same-host redirect win and ignores another host', () => {
    expect(destinationAfterSignUp({ kind: 'new-user' }, '/dash/events', origin)).toBe('/dash/events');
    expect(destinationAfterSignUp({ kind: 'new-user' }, 'https://evil.example/', origin)).toBe('/dash/redirect/new');
    expect(destinationAfterSignUp({ kind: 'new-user' }, '/', origin)).toBe('/dash/redirect');
  });
});
