import { describe, expect, it } from 'vitest';
import { parseMediaType } from '../src/proxy/media-type.js';
import { fakeFetch } from './fake-fetch.js';
import { proxyEntries } from './proxy-entries.js';

// Issue 20 item 10: what of the upstream's answer reaches the browser, judged on its head before a byte is passed.
const endpoint = 'https://api.test';
const site = 'https://app.test';
const apiKey = 'server-side-key';

const call = () =>
  new Request(`${site}/api/tokens.getUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site, 'x-request-id': 'r1' },
    body: '{}',
  });

describe.each(proxyEntries(site))('the upstream answer: %s', (_entry, createProxyHandler) => {
  const through = async (headers: [string, string][], body: string | null = 'a,b\n1,2\n') => {
    const upstream = fakeFetch(() => new Response(body, { headers }));
    return createProxyHandler({ endpoint, apiKey, fetch: upstream.fetch })(call());
  };

  describe('Content-Type: one well-formed media type, JSON or CSV', () => {
    // Chromium renders `application/json;,text/html` as HTML: a lenient check passed it as JSON.
    it.each([
      'application/json;,text/html',
      'application/json, text/html',
      'application/json;charset=utf-8,text/html',
      'application/json; charset="utf-8",text/html',
      'application/json;=x',
      'application/json; charset=',
      'application/json; charset="unterminated',
      'application/json text/html',
      'application/json/html',
      'application /json',
      'text/csv;;,text/html',
      'text/html',
      'text/html; x=application/json',
      'application/jsonp',
    ])('refuses %j with a 502 problem that carries none of the body', async (type) => {
      // JSON that a browser reading the type as HTML would run.
      const response = await through([['content-type', type]], '{"name":"<img src=x onerror=alert(1)>"}');
      expect(response.status).toBe(502);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(await response.text()).not.toContain('<img');
    });

    it.each([
      ['application/json', 'application/json'],
      ['Application/JSON; Charset=UTF-8', 'application/json; charset=UTF-8'],
      ['application/problem+json', 'application/problem+json'],
      ['text/csv; charset="utf-8"; header=present', 'text/csv; charset=utf-8'],
      ['application/json ; charset=utf-8 ;', 'application/json; charset=utf-8'],
    ])('passes %j as %j: the essence and a charset, nothing else', async (type, sent) => {
      const response = await through([['content-type', type]], '{}');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(sent);
      expect(await response.text()).toBe('{}');
    });

    it('refuses two Content-Types even when each alone would pass', async () => {
      const headers = new Headers([
        ['content-type', 'application/json'],
        ['content-type', 'application/json'],
      ]);
      const response = await through([...headers], '{}');
      expect(response.status).toBe(502);
    });

    it('reads a long run of empty parameters in linear time', () => {
      const started = performance.now();
      expect(parseMediaType(`application/json${'; '.repeat(200)}!`)).toBeUndefined();
      expect(parseMediaType(`application/json${' ;'.repeat(200)} x`)).toBeUndefined();
      expect(performance.now() - started).toBeLessThan(50);
    });
  });

  describe('a JSON answer must start like JSON', () => {
    it.each(['<!doctype html><script>alert(1)</script>', '\uFEFF  \n<html>', 'alert(1)'])(
      'refuses %j labelled application/json with a 502',
      async (body) => {
        const response = await through([['content-type', 'application/json']], body);
        expect(response.status).toBe(502);
        expect(await response.text()).not.toContain('<');
      },
    );

    it.each(['{"a":1}', ' \n [1]', '"text"', '-1', 'true', 'null', '\uFEFF{}'])('passes %j', async (body) => {
      const response = await through([['content-type', 'application/json']], body);
      expect(response.status).toBe(200);
      // As bytes: text() would drop the BOM.
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(new TextEncoder().encode(body));
    });

    it('passes an empty body without a Content-Type, and refuses a body without one', async () => {
      expect((await through([], null)).status).toBe(200);
      expect((await through([], '')).status).toBe(200);
      expect((await through([], '{}')).status).toBe(502);
    });
  });

  describe('Content-Disposition: on a CSV answer only, as a safe attachment', () => {
    it.each([
      ['attachment; filename="teams.csv"', 'attachment; filename="teams.csv"'],
      ['inline; filename="teams.csv"', 'attachment; filename="teams.csv"'],
      ['inline', 'attachment'],
      ['attachment; filename=teams.csv', 'attachment; filename="teams.csv"'],
      ['attachment; filename="index.html"', 'attachment'],
      ['attachment; filename="../../etc/passwd.csv"', 'attachment'],
      ['attachment; filename=".bashrc.csv"', 'attachment'],
      ['attachment; filename="a\\"; filename=b.html; x=\\".csv"', 'attachment'],
      ["attachment; filename*=UTF-8''%E2%80%AEvsc.exe", 'attachment'],
      ['attachment; filename="teams.csv", inline', 'attachment'],
      ['attachment; filename="teams.csv"\r\nSet-Cookie: a=1'.replace(/\r\n/, ' '), 'attachment'],
    ])('turns %j into %j', async (disposition, sent) => {
      const response = await through([
        ['content-type', 'text/csv'],
        ['content-disposition', disposition],
      ]);
      expect(response.headers.get('content-disposition')).toBe(sent);
      expect(await response.text()).toBe('a,b\n1,2\n');
    });

    it('drops it from a JSON answer, a problem included', async () => {
      for (const type of ['application/json', 'application/problem+json']) {
        const response = await through(
          [
            ['content-type', type],
            ['content-disposition', 'inline; filename="x.html"'],
          ],
          '{}',
        );
        expect(response.status).toBe(200);
        expect(response.headers.get('content-disposition')).toBeNull();
      }
    });
  });
});
