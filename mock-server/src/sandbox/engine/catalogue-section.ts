import { effects } from '../effects/index.js';
import { rulesOf } from '../effects/roles.js';
import { seedAccounts } from '../seed.js';
import { Engine } from './engine.js';
import { SEEDED, SEEDED_ROLES } from './seed-state.js';

const ROLE_NAMES: Record<string, string> = {
  admin: 'event admin',
  contributor: 'contributor',
  readOnly: 'readOnly',
  showCaller: 'showCaller',
};

/** CATALOGUE.md's section on the engine: what answers from state, the role accounts, the seeded team, the rules. */
export function engineSection(table: (head: string[], rows: string[][]) => string[]): string[] {
  const byAction: Record<string, number> = {};
  for (const id of Engine.operations) byAction[effects[id].action] = (byAction[effects[id].action] ?? 0) + 1;
  const byRule: Record<string, number> = {};
  for (const id of Engine.operations) {
    const rule = rulesOf(id).join(' + ');
    byRule[rule] = (byRule[rule] ?? 0) + 1;
  }
  const account = (id: string) => seedAccounts.find((a) => a._id === id)?.email ?? id;
  return [
    '## Every other call, from state',
    '',
    `With the sandbox, the other ${Engine.operations.length} operations answer from state too (issue 31): each has one`,
    'declared effect (`mock-server/src/sandbox/effects/`), executed over an in-memory store behind the same validating',
    'Prism. By action: ' +
      Object.entries(byAction)
        .map(([action, n]) => `${action} ${n}`)
        .join(', ') +
      '. Creates keep what was sent under fresh 24-character ids, lists and counts reflect what is there, every write',
    'leaves an activity-audit record that the audit lists and reports read. State is reset at every restart.',
    '',
    '### Role accounts',
    '',
    "Ada Lovelace's Team holds **Autumn Product Launch** (the description's example ids: event",
    `\`${SEEDED.eventId}\`, show \`${SEEDED.showId}\`, item set list \`${SEEDED.itemSetListId}\`) with the show Main stage`,
    '(3 columns, 3 rows), a list, a schedule, a template, a folder with a document, and two leads. Sign in (password',
    '`Correct-Horse-9`) as each role and see the difference:',
    '',
    ...table(
      ['Account', 'Role', 'What it may do'],
      [
        [
          '`ada@example.com`',
          'team admin',
          'everything in the team; a team admin without an event role is event admin',
        ],
        ...SEEDED_ROLES.map(({ userId, role }) => [
          `\`${account(userId)}\``,
          ROLE_NAMES[role] ?? role,
          seedAccounts.find((a) => a._id === userId)?.note ?? '',
        ]),
        ['`root@example.com`', 'product administrator', 'every call, leads, reports, cross-team lists'],
        [`guest pass \`${SEEDED.guestPass}\``, 'guest', "Main stage's guest views only (`guestPass` query parameter)"],
      ],
    ),
    '',
    'Who may call what is one rule per operation (`effects/roles.ts`, openapi/DECISIONS.md "Who may call what");',
    'anyone else gets 403. Operations by rule: ' +
      Object.entries(byRule)
        .map(([rule, n]) => `${rule} ${n}`)
        .join(', ') +
      '.',
    '',
  ];
}
