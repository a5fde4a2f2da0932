// @ts-check
// The proxy-mode call of an operation as a code-sample tab beside its SDK call (issue 28): `curl` to its proxy
// address (the same address `proxy-name.js` writes as `x-proxy`) with the envelope built from the operation's own
// examples. A reader who does not use the SDK sees the whole call; `test/proxy-sample.test.ts` checks every tab's
// envelope against the proxy description's schema for its operation.

/**
 * The credential a call carries in its envelope's `query`: the access token unless the operation is public
 * (the API key alone, which the proxy adds) or takes a guest pass. No `security` of its own means the root's
 * (API key and access token).
 * @param {any} operation
 * @returns {Record<string, string>}
 */
function credentials(operation) {
  /** @type {Record<string, unknown>[]} */
  const alternatives = Array.isArray(operation.security) ? operation.security : [{ AccessToken: [] }];
  const first = alternatives.find((alternative) => 'AccessToken' in alternative || 'GuestPass' in alternative);
  if (!first) return {};
  return 'AccessToken' in first ? { accessToken: TOKEN } : { guestPass: GUEST_PASS };
}

// Placeholders the shell fills: the sample is run as written once they are set.
const TOKEN = '$ACCESS_TOKEN';
const GUEST_PASS = '$GUEST_PASS';
const ORIGIN = '$APP_ORIGIN';

/** JSON for a here-document: `\`, `$` and backticks escaped, so the shell sends it as written. */
const hereDoc = (/** @type {unknown} */ value) =>
  JSON.stringify(value, null, 2)
    .replace(/[\\$`]/g, '\\$&')
    .replaceAll(`"\\${TOKEN}"`, `"${TOKEN}"`)
    .replaceAll(`"\\${GUEST_PASS}"`, `"${GUEST_PASS}"`);

/** A value as one single-quoted shell word. */
const word = (/** @type {string} */ text) => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * The `curl` call of one operation in proxy mode.
 * @param {{ operation: any, params: Record<string, unknown>, query: Record<string, unknown>, payload: unknown }} call
 * @returns {{ lang: string, label: string, source: string }}
 */
export function proxySample({ operation, params, query, payload }) {
  const upload = operation['x-upload'] === true;
  const address = `${ORIGIN}/api/${upload ? 'upload/' : ''}${operation.operationId}`;
  const fullQuery = { ...query, ...credentials(operation) };
  const head = [
    "# Proxy mode: your app's server (its origin in $APP_ORIGIN) adds the API key and forwards the call.",
    `curl -X POST "${address}" \\`,
  ];
  if (upload) {
    // `--form-string`: a value starting with `@` or `<` is text, not a file. Double quotes fill in the placeholders.
    const field = (/** @type {string} */ name, /** @type {unknown} */ value) =>
      `  --form-string "${name}=${JSON.stringify(value)
        .replace(/[\\"$`]/g, '\\$&')
        .replaceAll(`\\${TOKEN}`, TOKEN)
        .replaceAll(`\\${GUEST_PASS}`, GUEST_PASS)}" \\`;
    const fields = Object.entries(/** @type {Record<string, unknown>} */ (payload ?? {})).map(
      ([name, value]) =>
        `  --form-string ${word(`${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)} \\`,
    );
    const lines = [
      '# $FILE: the file to send.',
      ...head,
      field('params', params),
      field('query', fullQuery),
      ...fields,
      '  -F "file=@$FILE"',
    ];
    return { lang: 'Shell', label: 'Proxy', source: `${lines.join('\n')}\n` };
  }
  /** @type {Record<string, unknown>} */
  const envelope = {};
  if (Object.keys(params).length) envelope.params = params;
  if (Object.keys(fullQuery).length) envelope.query = fullQuery;
  if (payload !== undefined) envelope.payload = payload;
  const lines = [
    ...head,
    "  -H 'Content-Type: application/json' \\",
    '  --data-binary @- <<JSON',
    hereDoc(envelope),
    'JSON',
  ];
  return { lang: 'Shell', label: 'Proxy', source: `${lines.join('\n')}\n` };
}
