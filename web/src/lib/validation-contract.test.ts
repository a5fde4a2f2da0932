import { readFileSync } from 'node:fs';
import { labelColorSchema, labelTextSchema } from '@runofshow/ui/label-rules';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTlds } from './tld-list.js';
import {
  cardCvcSchema,
  cardExpirationSchema,
  cardNameSchema,
  cardNumberSchema,
  cardZipSchema,
  companySchema,
  emailSchema,
  loginPasswordSchema,
  nameSchema,
  newPasswordSchema,
  PASSWORD_SYMBOLS,
  phoneSchema,
  tokenSchema,
} from './validation.js';

// The forms and the API must agree: a value the app accepts must pass the description's schema, and a value the
// description accepts must not be refused by the app (unless the app is documented as stricter). The description is
// the bundle `npm test` builds first (openapi/dist/openapi.json).
const description = JSON.parse(readFileSync(new URL('../../../openapi/dist/openapi.json', import.meta.url), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);
ajv.addFormat('password', true);
ajv.addSchema(description, 'api');
const schemaAt = (pointer: string) => {
  const validate = ajv.getSchema(`api#${pointer}`);
  if (!validate) throw new Error(`No schema at ${pointer}`);
  return (value: string) => validate(value) === true;
};
const schemas = '/components/schemas';

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
  '😀',
  '𝔘',
  'http://',
  'www.',
);
const text = (maxLength: number) => fc.string({ unit: edgy, maxLength });
const runs = { numRuns: 2_000 };

interface Pair {
  field: string;
  app: v.GenericSchema<string, string>;
  pointer: string;
  /** What the form does to a value before it validates and sends it. */
  sent?: (value: string) => string;
  values: fc.Arbitrary<string>;
}

// Each field where the app and the description must agree exactly.
const exact: Pair[] = [
  {
    field: 'login password',
    app: loginPasswordSchema,
    pointer: `${schemas}/LoginRequest/properties/password`,
    values: text(40),
  },
  {
    field: 'login token',
    app: tokenSchema,
    pointer: `${schemas}/LoginRequest/properties/timeBasedToken`,
    values: text(8),
  },
  { field: 'new password', app: newPasswordSchema, pointer: `${schemas}/NewPassword`, values: text(40) },
  {
    field: 'first or last name',
    app: nameSchema,
    pointer: `${schemas}/PersonName`,
    sent: (s) => s.trim(),
    values: text(56),
  },
  { field: 'company', app: companySchema, pointer: `${schemas}/CompanyName`, sent: (s) => s.trim(), values: text(40) },
  { field: 'phone', app: phoneSchema, pointer: `${schemas}/LeadPhone`, values: text(36) },
  {
    field: 'card number',
    app: cardNumberSchema,
    pointer: `${schemas}/CreditCardForm/properties/number`,
    values: text(18),
  },
  { field: 'card name', app: cardNameSchema, pointer: `${schemas}/CreditCardForm/properties/name`, values: text(70) },
  {
    field: 'card expiration',
    app: cardExpirationSchema,
    pointer: `${schemas}/CreditCardForm/properties/expiration`,
    values: text(7),
  },
  { field: 'card cvc', app: cardCvcSchema, pointer: `${schemas}/CreditCardForm/properties/cvc`, values: text(5) },
  { field: 'card zip', app: cardZipSchema, pointer: `${schemas}/CreditCardForm/properties/zip`, values: text(7) },
  {
    field: 'label text',
    app: labelTextSchema,
    pointer: `${schemas}/LabelRequest/properties/text`,
    sent: (s) => s.trim(),
    values: text(70),
  },
];

// Digit-heavy and valid-shaped values, so the pairs are tested near their limits and not only on noise.
const digitsOf = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const nearValid: Record<string, fc.Arbitrary<string>> = {
  'login token': digitsOf(5, 7),
  'card number': digitsOf(12, 17),
  'card cvc': digitsOf(2, 4),
  'card zip': digitsOf(4, 6),
  'card expiration': fc.tuple(digitsOf(1, 3), digitsOf(1, 3)).map(([a, b]) => `${a}/${b}`),
  phone: fc.string({ unit: fc.constantFrom(...'0123456789-+() \t'), maxLength: 36 }),
  // Random text almost never holds all four classes (a run of 2,000 once accepted none): start from one of each,
  // 12 to 38 long, so the 32-character edge is crossed both ways.
  'new password': fc
    .tuple(fc.string({ unit: fc.constantFrom(...'aZ9!'), minLength: 8, maxLength: 30 }), text(4))
    .map(([core, rest]) => `aZ9!${core}${rest}`),
};

beforeAll(() => loadTlds());

describe('form validators agree with the description (0 disagreements)', () => {
  it.each(exact)('$field', ({ field, app, pointer, sent = (s) => s, values }) => {
    const schema = schemaAt(pointer);
    const arbitrary = nearValid[field] ? fc.oneof(values, nearValid[field]) : values;
    const disagreements: string[] = [];
    let accepted = 0;
    fc.assert(
      fc.property(arbitrary, (value) => {
        const byApp = accepts(app, value);
        const bySchema = schema(sent(value));
        if (byApp) accepted++;
        if (byApp !== bySchema) disagreements.push(value);
      }),
      runs,
    );
    expect(disagreements.slice(0, 5)).toEqual([]);
    // The generator must reach both sides of the rule, or the agreement proves nothing.
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(runs.numRuns);
  });
});

describe('where the app is stricter than the description (documented), it never accepts what the API refuses', () => {
  it('e-mail: the app adds the §5 top-level-domain list to the format', () => {
    const schema = schemaAt(`${schemas}/Email`);
    const local = fc.string({ unit: fc.constantFrom(...'ab.+_-'), minLength: 1, maxLength: 12 });
    const domain = fc.string({ unit: fc.constantFrom(...'ab-'), minLength: 1, maxLength: 12 });
    const tld = fc.constantFrom('com', 'mail', 'org', 'nope', 'x', 'co.uk', '');
    const address = fc.tuple(local, domain, tld).map(([l, d, t]) => `${l}@${d}.${t}`);
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(address, text(30)), (value) => {
        if (!accepts(emailSchema, value)) return;
        accepted++;
        expect(schema(value), value).toBe(true);
      }),
      runs,
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('label colour: the app asks for hex digits the screen can paint', () => {
    const schema = schemaAt(`${schemas}/LabelRequest/properties/color`);
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
