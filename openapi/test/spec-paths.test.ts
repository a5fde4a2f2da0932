import { describe, expect, it } from 'vitest';
import { doc, type Obj } from './support/bundle.js';
import { type WrittenPath, writtenPaths } from './support/section-7.js';

// Issue 22: where §7 writes a path, the description serves that path, byte for byte, with the methods §7 gives it —
// a backend built from §7 serves the literal paths, and the SDK calls the description's. The paths are read from
// §7's own text at test time (support/section-7.ts), never copied from it by hand.
//
// The one exception is a short form: inside a list, a run of entries that name parts of the entry before them
// (`PUT /users/{userId}, /users/{userId}/restore, /password, /photo, …`). Each run is listed below with the entry it
// follows in §7 and the path the description puts it under; DECISIONS.md ("Short forms in §7's lists") gives each
// reading. The test checks every run against the text, so a run §7 does not write, or writes elsewhere, fails.
interface ShortForms {
  section: string;
  /** The text the run follows in its clause: a path, or a bare `rows/{rowId}`. */
  after: string;
  /** Where the description serves them: this path followed by each form. */
  base: string;
  forms: string[];
}

const SHORT_FORMS: ShortForms[] = [
  {
    section: 'Users',
    after: '/users/{userId}/restore',
    base: '/users/{userId}',
    forms: [
      '/password',
      '/photo',
      '/private',
      '/tags',
      '/onboarding/{key}',
      '/preferences/{key}',
      '/2fasecret',
      '/trackable/cue',
      '/trackable/cueAndCueClock',
      '/trackable/clock',
      '/tracking/{eventId}',
    ],
  },
  {
    section: 'Teams',
    after: '/teams/{teamId}/eligibleMembers',
    base: '/teams/{teamId}',
    forms: ['/guest', '/templateContainer', '/private', '/activeUsers', '/globalElementManager'],
  },
  {
    section: 'Teams',
    after: '/teams/{teamId}',
    base: '/teams/{teamId}',
    forms: [
      '/private',
      '/paymentPlan',
      '/photo',
      '/labels/{labelId}',
      '/permissions/{permissionId}',
      '/permissions/names/{name}',
      '/inviteadmin/{userId}',
    ],
  },
  {
    section: 'Teams',
    after: '/teams/{teamId}/remove',
    base: '/teams/{teamId}',
    forms: ['/permissions/{permissionId}'],
  },
  {
    section: 'Events',
    after: '/teams/{teamId}/events/archived',
    base: '/teams/{teamId}',
    forms: ['/events/deleted', '/events/shows', '/event/search'],
  },
  {
    section: 'Events',
    after: '/users/{userId}/events/labels',
    base: '/users/{userId}',
    forms: ['/events/owners'],
  },
  {
    section: 'Shows, lists, schedules',
    after: '/teams/{teamId}/events/{eventId}/lists',
    base: '/teams/{teamId}/events/{eventId}',
    forms: ['/schedules'],
  },
  {
    section: 'Item sets and columns',
    after: 'rows/{rowId}',
    base: '/teams/{teamId}/events/{eventId}/shows/{showId}/itemSets/{itemSetListId}/rows/{rowId}',
    forms: ['/everywhere', '/rowChangesToGlobalElement', '/globalelement/references', '/globalElementVersions'],
  },
];

const written = writtenPaths();
const paths = doc.paths as Record<string, Obj>;
const has = (method: string, path: string) =>
  typeof (paths[path]?.[method.toLowerCase()] as Obj)?.operationId === 'string';

/** The short-form run `entry` belongs to: the paths right after `group.after` in its clause are `group.forms`. */
function shortOf(entry: WrittenPath): ShortForms | undefined {
  return SHORT_FORMS.find((group) => {
    if (group.section !== entry.section || !group.forms.includes(entry.path)) return false;
    const at = entry.clause.indexOf(group.after);
    if (at < 0) return false;
    const end = at + group.after.length;
    const run = entry.siblings.filter((sibling) => sibling.offset >= end).slice(0, group.forms.length);
    return run.map((sibling) => sibling.path).join(' ') === group.forms.join(' ');
  });
}

const calls = written.filter((entry) => !entry.prefix && entry.methods.length > 0);
const full = calls.filter((entry) => !shortOf(entry));
const short = calls.filter((entry) => shortOf(entry));

describe('§7 paths read from its text', () => {
  it('reads the paths the issue names, with their methods', () => {
    const at = (path: string) => full.find((entry) => entry.path === path)?.methods;
    expect(at('/events/{eventId}')).toEqual(['GET', 'PUT', 'DELETE']);
    expect(at('/eventDocs/{eventDocId}')).toEqual(['PUT', 'DELETE']);
    expect(at('/shows/{showId}/activityAudits')).toEqual(['GET']);
    expect(full.length).toBeGreaterThan(100);
  });

  it('goes with a method, or sits under "Under", except the browser navigation to SSO', () => {
    const other = written.filter((entry) => !entry.prefix && entry.methods.length === 0).map((entry) => entry.path);
    expect(other).toEqual(['/sso/login/{domain}']);
  });

  it('finds each listed short form in §7, right after the entry it follows', () => {
    for (const group of SHORT_FORMS) {
      const found = short.filter((entry) => shortOf(entry) === group).map((entry) => entry.path);
      expect(found, `${group.section}: after ${group.after}`).toEqual(group.forms);
    }
  });
});

describe('the bundle serves each path §7 writes', () => {
  const pairs = full.flatMap((entry) => entry.methods.map((method) => [`${method} ${entry.path}`, entry] as const));

  it.each(pairs)('%s', (call) => {
    const [method, path] = call.split(' ') as [string, string];
    expect(has(method, path), `${call} is no operation of dist/openapi.json`).toBe(true);
  });

  it.each(written.filter((entry) => entry.prefix).map((entry) => [entry.path] as const))(
    'the calls under %s',
    (prefix) => {
      expect(Object.keys(paths).filter((path) => path.startsWith(`${prefix}/`)).length).toBeGreaterThan(0);
    },
  );

  it.each(short.flatMap((entry) => entry.methods.map((method) => [method, entry.path, entry] as const)))(
    '%s %s (a short form)',
    (method, path, entry) => {
      const base = (shortOf(entry) as ShortForms).base;
      expect(has(method, `${base}${path}`), `${method} ${base}${path}`).toBe(true);
    },
  );
});
