import { readFileSync } from 'node:fs';
import { labelColorSchema, labelTextSchema } from '@runofshow/ui/label-rules';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { isKnownTld, loadTlds } from './tld-list.js';
import {
  cardCvcSchema,
  cardExpirationSchema,
  cardNameSchema,
  cardNumberSchema,
  cardZipSchema,
  companySchema,
  descriptionSchema,
  emailSchema,
  generalNameSchema,
  hasListedDomain,
  heardAboutSchema,
  loginPasswordSchema,
  nameSchema,
  newPasswordSchema,
  PASSWORD_SYMBOLS,
  phoneSchema,
  teamTitleSchema,
  titleSchema,
  tokenSchema,
} from './validation.js';

// Every §5/§9 rule that the description can state as a constraint must state it exactly as the app checks it: for
// each rule, every schema in the description that carries it (the rule's component, everything that points at it,
// and each request field of the rule's name) gives the same verdict as the app's valibot schema on random and edge
// values. Route-parameter rules, which the app never checks, are held to §5's own words. The description is the
// bundle `npm test` builds first (openapi/dist/openapi.json).
const description = JSON.parse(readFileSync(new URL('../../../openapi/dist/openapi.json', import.meta.url), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);
ajv.addFormat('password', true);
ajv.addSchema(description, 'api');
const pointerOf = (path: (string | number)[]) =>
  `/${path.map((part) => encodeURIComponent(String(part).replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')}`;
const schemaAt = (pointer: string) => {
  const validate = ajv.getSchema(`api#${pointer}`);
  if (!validate) throw new Error(`No schema at ${pointer}`);
  return (value: unknown) => validate(value) === true;
};

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/** Every schema in the bundle that is, or points at, `#/components/<ref>` (a property, an item, a parameter's). */
function carriersOf(ref: string): string[] {
  const found = [pointerOf(['components', ...ref.split('/')])];
  const walk = (node: unknown, path: (string | number)[]) => {
    if (!isNode(node)) return;
    if (node.$ref === `#/components/${ref}`) found.push(pointerOf(path));
    for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
  };
  walk(description, []);
  return found;
}

/** Each property called `name` of a request schema (`…Request`, or the card form): the fields a form sends. */
function requestFields(name: string, skip: (schema: string) => boolean = () => false): string[] {
  const schemas = description.components.schemas as Record<string, Node>;
  return Object.entries(schemas)
    .filter(([schema, node]) => /Request$|^CreditCardForm$/.test(schema) && !skip(schema) && isNode(node.properties))
    .filter(([, node]) => name in (node.properties as Node))
    .map(([schema]) => pointerOf(['components', 'schemas', schema, 'properties', name]));
}

/** The app's own verdict: its exact pipeline, trim included. */
const accepts = (schema: v.GenericSchema<string, string>, value: string) => v.safeParse(schema, value).success;

// Characters that sit on the rules' edges: every §5 symbol, the forbidden name characters, digits, letters,
// whitespace of several kinds, a link's pieces, and characters outside the BMP (one code point, two UTF-16 units).
const edgy = fc.constantFrom(
  ...'aZ09 -_.@+()/#:'.split(''),
  ...PASSWORD_SYMBOLS.split(''),
  '\t',
  '\n',
  '\u00a0',
  '\u2003',
  'é',
  'ſ',
  'K',
  '😀',
  '𝔘',
  'http://',
  'ftp://',
  'www.',
  'WwW.',
  '.io',
  '.Com',
);
// size 'max': fast-check otherwise keeps strings to about ten units, and the upper bounds would never be reached.
const text = (maxLength: number) => fc.string({ unit: edgy, maxLength, size: 'max' });
const digitsOf = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const part = (units: string, max: number) =>
  fc.string({ unit: fc.constantFrom(...units.split('')), minLength: 1, maxLength: max, size: 'max' });
// Addresses near the rule: odd local parts, hyphens and dots in the domain, top-level domains on and off the list.
const addresses = fc
  .tuple(
    part('ab_+-.!\'ſ"', 10),
    part('aB9-.', 10),
    fc.constantFrom('com', 'mail', 'IO', 'org', 'nope', 'x', 'c0m', 'xn--p1ai', 'xn--nope', ''),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
const names = fc
  .tuple(
    part('aZé -.', 8),
    fc.constantFrom('', '.', '.io', '.c', 'x.y', '://', 'www', 'w.ww', '.John', '.Ann', '.mail', '.COM'),
    part('aZ .', 8),
  )
  .map(([a, b, c]) => `${a}${b}${c}`);
const runs = { numRuns: 600 };

interface Rule {
  /** §5's words. */
  rule: string;
  /** The app's valibot schema, or §5's own words as a predicate where the app never checks the rule. */
  app: v.GenericSchema<string, string> | ((value: string) => boolean);
  /** Where the description carries it. */
  carriers: string[];
  /** What the form does to a value before it validates and sends it. */
  sent?: (value: string) => string;
  values: fc.Arbitrary<string>;
  /** A part of the app's rule the description cannot state (see `notExpressed`). */
  alsoApp?: (value: string) => boolean;
}

const trim = (value: string) => value.trim();
const codePoints = (value: string) => [...value].length;
const schemas = 'schemas';
const parameter = (name: string) => [pointerOf(['components', 'parameters', name, 'schema'])];

/**
 * The requests whose `password` is the one typed at sign-in (the current password, when changing it or two-factor).
 */
const loginPassword = /^(Login|TokenCreate|TokenTwoFactor|UserPasswordUpdate|TwoFactorSecret|TwoFactorRemoval)Request$/;

const rules: Rule[] = [
  {
    rule: 'password (sign-up, invite, reset): 12 to 32, lower, upper, symbol, digit',
    app: newPasswordSchema,
    carriers: [
      ...carriersOf(`${schemas}/NewPassword`),
      ...requestFields('password', (schema) => loginPassword.test(schema)),
      ...requestFields('newPassword'),
      // Write-only: the password a user is created or updated with.
      pointerOf(['components', schemas, 'User', 'properties', 'password']),
    ],
    // Random text almost never holds all four classes: start from one of each, 12 to 38 long.
    values: fc.oneof(
      text(40),
      fc
        .tuple(fc.string({ unit: fc.constantFrom(...'aZ9!'), minLength: 8, maxLength: 30 }), text(4))
        .map(([core, rest]) => `aZ9!${core}${rest}`),
    ),
  },
  {
    rule: 'login password: 6 to 32',
    app: loginPasswordSchema,
    carriers: requestFields('password', (schema) => !loginPassword.test(schema)),
    values: text(40),
  },
  {
    rule: 'login token: 6 digits',
    app: tokenSchema,
    carriers: requestFields('timeBasedToken'),
    values: fc.oneof(text(8), digitsOf(5, 7)),
  },
  {
    rule: 'first and last name: 2 to 50, none of $ < > ;, not a URL',
    app: nameSchema,
    carriers: [...carriersOf(`${schemas}/PersonName`), ...requestFields('firstName'), ...requestFields('lastName')],
    sent: trim,
    values: fc.oneof(text(56), names),
    alsoApp: (value) => !hasListedDomain(value.trim()),
  },
  {
    rule: 'company name: 2 to 32, none of $ < > ;',
    app: companySchema,
    carriers: [...carriersOf(`${schemas}/CompanyName`), ...requestFields('company')],
    sent: trim,
    values: text(40),
  },
  {
    rule: 'email: a valid address (top-level domains from the standard list plus mail)',
    app: emailSchema,
    carriers: [...carriersOf(`${schemas}/Email`), ...requestFields('email')],
    values: fc.oneof(addresses, text(30)),
    alsoApp: (value) => isKnownTld(value.slice(value.lastIndexOf('.') + 1)),
  },
  {
    // A team's title has its own rule (below); a row's title is free text a client may leave out (openapi/DECISIONS.md).
    rule: 'title: 2 to 64',
    app: titleSchema,
    carriers: [
      ...carriersOf(`${schemas}/ShowTitle`),
      ...requestFields('title', (schema) => /^(Team|Row)/.test(schema)),
    ],
    values: text(70),
  },
  {
    rule: 'description: 2 to 200',
    app: descriptionSchema,
    carriers: [...carriersOf(`${schemas}/ShowDescription`), ...requestFields('description')],
    values: fc.oneof(text(8), text(210)),
  },
  {
    rule: 'general name: 2 to 64',
    app: generalNameSchema,
    // Not the card's name (its own rule, below), the invoice name (a provider field, 2 to 100) or a
    // permission's, which is one of the listed names.
    carriers: requestFields('name', (schema) => /Card|StripeCustomer|Permission/.test(schema)),
    values: text(70),
  },
  {
    rule: 'team title (other rule set): more than 1, at most 100',
    app: teamTitleSchema,
    carriers: [...requestFields('title', (schema) => !/^Team/.test(schema)), ...parameter('TeamTitle')],
    values: text(110),
  },
  {
    rule: 'heard-about: 2 to 300',
    app: heardAboutSchema,
    carriers: [...carriersOf(`${schemas}/LeadHeardAbout`), ...requestFields('heardAbout')],
    values: fc.oneof(text(8), text(310)),
  },
  {
    rule: 'phone: 4 to 15 digits once dashes, plus, parentheses and spaces are stripped',
    app: phoneSchema,
    carriers: [...carriersOf(`${schemas}/LeadPhone`), ...requestFields('phone')],
    values: fc.oneof(text(36), fc.string({ unit: fc.constantFrom(...'0123456789-+() \t'), maxLength: 36 })),
  },
  {
    rule: 'card number: 13 to 16 digits',
    app: cardNumberSchema,
    carriers: requestFields('number'),
    values: fc.oneof(text(18), digitsOf(12, 17)),
  },
  {
    rule: 'card name: 2 to 64',
    app: cardNameSchema,
    carriers: requestFields('name', (schema) => !/Card/.test(schema)),
    values: text(70),
  },
  {
    rule: 'card expiration: NN/NN',
    app: cardExpirationSchema,
    carriers: requestFields('expiration'),
    values: fc.oneof(
      text(7),
      fc.tuple(digitsOf(1, 3), digitsOf(1, 3)).map(([a, b]) => `${a}/${b}`),
    ),
  },
  {
    rule: 'card cvc: 3 digits',
    app: cardCvcSchema,
    carriers: requestFields('cvc'),
    values: fc.oneof(text(5), digitsOf(2, 4)),
  },
  {
    rule: 'card zip: 5 digits',
    app: cardZipSchema,
    carriers: requestFields('zip'),
    values: fc.oneof(text(7), digitsOf(4, 6)),
  },
  {
    rule: 'label text: 1 to 64',
    app: labelTextSchema,
    carriers: [pointerOf(['components', schemas, 'LabelRequest', 'properties', 'text'])],
    sent: trim,
    values: text(70),
  },
  // Route parameters: the app has no screen that sends them, so §5's words are the reference.
  {
    rule: 'ids: exactly 24 characters (of hexadecimal digits: DECISIONS.md)',
    app: (value) => /^[0-9a-f]{24}$/.test(value),
    carriers: carriersOf(`${schemas}/Id`).slice(0, 20),
    values: fc.oneof(
      text(26),
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 23, maxLength: 25 }),
      fc.tuple(digitsOf(23, 23), fc.constantFrom('a', 'f', 'g', 'A', 'é')).map(([a, b]) => `${a}${b}`),
    ),
  },
  {
    // §5's "search value 2 to 24" is not the search term: no call of §7 takes a search value.
    rule: 'search term: at least 2',
    app: (value) => codePoints(value) >= 2,
    carriers: parameter('SearchTerm'),
    values: text(30),
  },
  {
    rule: 'file search: at least 3',
    app: (value) => codePoints(value) >= 3,
    carriers: parameter('FsSearchTerm'),
    values: text(30),
  },
  {
    rule: 'user autocomplete: at least 3',
    app: (value) => codePoints(value) >= 3,
    carriers: parameter('UserAutocompleteTerm'),
    values: text(30),
  },
  {
    rule: 'team autocomplete: at least 1',
    app: (value) => codePoints(value) >= 1,
    carriers: parameter('TeamAutocompleteTerm'),
    values: text(30),
  },
  {
    rule: 'hubspot deal id: numeric',
    app: (value) => /^[0-9]+$/.test(value),
    carriers: parameter('HubspotDealId'),
    values: fc.oneof(text(20), digitsOf(0, 20)),
  },
];

// Rules of §5/§9 that no JSON Schema keyword states (openapi/DECISIONS.md, "Rules as constraints", says why): the
// e-mail top-level-domain list (checked here through `alsoApp`: app = description + list), a full name's two parts,
// confirm-password equality and the shared team name 2 to 32. The label colour is checked one way (below): the app
// asks for hex digits, stricter than §5.

beforeAll(() => loadTlds());

describe('each §5/§9 rule: the description says exactly what the app checks (0 disagreements)', () => {
  it.each(rules)('$rule', ({ app, carriers, sent = (s) => s, values, alsoApp = () => true }) => {
    const verdict = typeof app === 'function' ? app : (value: string) => accepts(app, value);
    expect(carriers.length).toBeGreaterThan(0);
    for (const pointer of new Set(carriers)) {
      const schema = schemaAt(pointer);
      const disagreements: string[] = [];
      let accepted = 0;
      fc.assert(
        fc.property(values, (value) => {
          const byApp = verdict(value);
          const bySchema = schema(sent(value)) && alsoApp(value);
          if (byApp) accepted++;
          if (byApp !== bySchema) disagreements.push(value);
        }),
        runs,
      );
      expect({ pointer, disagreements: disagreements.slice(0, 5) }).toEqual({ pointer, disagreements: [] });
      // The generator must reach both sides of the rule, or the agreement proves nothing.
      expect(accepted, pointer).toBeGreaterThan(0);
      expect(accepted, pointer).toBeLessThan(runs.numRuns);
    }
  });

  it.each([
    ['page on search and lead paging: 1 to 10000', ['SearchPage', 'LeadsPagePath'], 1, 10000],
    ['size on search and lead paging: 1 to 100', ['SearchSize', 'LeadsSizePath'], 1, 100],
    ['token ttl: at most 2592000 seconds', ['TokenTtl'], 1, 2592000],
  ] as const)('%s', (_rule, names, min, max) => {
    for (const name of names) {
      const schema = schemaAt(pointerOf(['components', 'parameters', name, 'schema']));
      const edges = [min - 1, min, max, max + 1];
      fc.assert(
        fc.property(fc.oneof(fc.constantFrom(...edges), fc.integer({ min: -10, max: max * 2 })), (value) => {
          expect(schema(value), `${name} ${value}`).toBe(value >= min && value <= max);
        }),
        runs,
      );
    }
  });
});

describe('where the app is stricter than the description (documented), it never accepts what the API refuses', () => {
  it('label colour: the app asks for hex digits the screen can paint', () => {
    const schema = schemaAt(pointerOf(['components', schemas, 'LabelRequest', 'properties', 'color']));
    let accepted = 0;
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'#0aFg_z9 '), maxLength: 8 }), (value) => {
        if (!accepts(labelColorSchema, value)) return;
        accepted++;
        expect(schema(value), value).toBe(true);
      }),
      runs,
    );
    expect(accepted).toBeGreaterThan(0);
  });
});
