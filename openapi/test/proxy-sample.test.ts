import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { type Obj, operations } from './support/bundle.js';

// Issue 28: each operation's proxy-mode call is a code-sample tab ("Proxy") beside its SDK call, and what it sends is
// a call the proxy takes: posted to the operation's proxy address, its envelope valid against the proxy description's
// request schema for that operation (`openapi.proxy.json`, the one the proxy's mock validates with).

const proxy = JSON.parse(readFileSync(new URL('../dist/openapi.proxy.json', import.meta.url), 'utf8')) as Obj;
// One schema holds every operation's request body beside the components, so the components compile once.
const requests: Obj = {};
for (const [address, item] of Object.entries(proxy.paths as Obj)) {
  const content = (((item as Obj).post as Obj).requestBody as Obj).content as Obj;
  for (const [type, media] of Object.entries(content)) requests[`${type} ${address}`] = (media as Obj).schema;
}
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'proxy', components: proxy.components, requests }, 'proxy');

/** The validator of a proxy address's request body. */
const validatorOf = (address: string, type: string) => {
  const validate = ajv.getSchema(
    `proxy#/requests/${encodeURIComponent(`${type} ${address}`).replaceAll('~', '~0').replaceAll('/', '~1')}`,
  );
  if (!validate) throw new Error(`no request schema for ${type} ${address}`);
  return validate;
};

// What a reader puts in the placeholders: an access token, a guest pass.
const FILLED: Record<string, string> = { $ACCESS_TOKEN: 'a1b2c3d4e5f6', $GUEST_PASS: 'g1h2i3j4k5' };
const fill = (text: string) => text.replace(/\$(ACCESS_TOKEN|GUEST_PASS)/g, (name) => FILLED[name] ?? name);

/** The JSON envelope a here-document sends: the shell undoes `\\`, `\$` and `` \` `` and fills the placeholders. */
function hereDocBody(source: string): unknown {
  const text = /<<JSON\n([\s\S]*?)\nJSON\n/.exec(source)?.[1];
  if (text === undefined) throw new Error('no here-document');
  return JSON.parse(fill(text.replace(/\\([\\$`])/g, '$1')));
}

/** The form fields `--form-string` lines send, as the shell reads their single- or double-quoted word. */
function formFields(source: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [, single, double] of source.matchAll(/--form-string (?:'((?:[^']|'\\'')*)'|"((?:[^"\\]|\\.)*)")/g)) {
    const value = single !== undefined ? single.replaceAll("'\\''", "'") : fill((double ?? '').replace(/\\(.)/g, '$1'));
    const at = value.indexOf('=');
    fields[value.slice(0, at)] = value.slice(at + 1);
  }
  return fields;
}

const tabs = operations.map(({ id, op }) => {
  const samples = (op['x-codeSamples'] ?? []) as { lang: string; label: string; source: string }[];
  const upload = op['x-upload'] === true;
  return { id, upload, address: `/api/${upload ? 'upload/' : ''}${id}`, tab: samples.find((s) => s.label === 'Proxy') };
});

/** What a tab sends: the form's fields of an upload, the JSON envelope otherwise. */
const sent = ({ upload, tab }: (typeof tabs)[number]) =>
  upload ? { ...formFields(tab?.source ?? ''), file: 'the file' } : hereDocBody(tab?.source ?? '');

/**
 * One operation per shape of what is sent (upload or not, and which parts and query keys it carries): compiling a
 * validator takes about 15 ms, so all 308 would take 5 s of the suite for calls that differ only in their values.
 */
function oneOfEachShape() {
  const seen = new Map<string, (typeof tabs)[number]>();
  for (const tab of tabs) {
    const body = sent(tab) as Obj;
    const shape = Object.entries(body).map(([key, value]) =>
      key === 'query' ? `query:${Object.keys(typeof value === 'string' ? JSON.parse(value) : value).sort()}` : key,
    );
    const key = `${tab.upload} ${shape.sort().join(' ')}`;
    if (!seen.has(key)) seen.set(key, tab);
  }
  return [...seen.values()];
}

describe('each operation shows its proxy-mode call as a "Proxy" tab', () => {
  it('every operation has a shell tab posting to its proxy address a body the shell sends as JSON', () => {
    const wrong = tabs.flatMap((tab) => {
      const source = tab.tab?.source ?? '';
      const problems = [
        tab.tab?.lang === 'Shell' ? '' : 'no Shell tab',
        source.includes(`curl -X POST "$APP_ORIGIN${tab.address}"`) ? '' : 'not its address',
        !tab.upload || source.includes('-F "file=@$FILE"') ? '' : 'no file part',
      ].filter(Boolean);
      try {
        const body = sent(tab) as Record<string, unknown>;
        if (tab.upload) for (const part of ['params', 'query']) JSON.parse(String(body[part]));
      } catch (error) {
        problems.push(String(error));
      }
      return problems.map((problem) => `${tab.id}: ${problem}`);
    });
    expect(tabs.length).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
  });

  const shapes = oneOfEachShape();
  it.each(shapes.map((tab) => [tab.id, tab] as const))("%s's body is a call the proxy takes", (_, tab) => {
    const validate = validatorOf(tab.address, tab.upload ? 'multipart/form-data' : 'application/json');
    expect(validate(sent(tab)) ? [] : validate.errors).toEqual([]);
  });
});
