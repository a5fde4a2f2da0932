// @ts-check
// Every response of the API carries the rate-limit headers (IETF RateLimit draft) and the CORS origin header: the
// direct mode is called from browsers, and every public endpoint is rate limited. They are declared here once and
// written into each response of the bundle, so the docs, the mock and Spectral's OWASP rules all see them.
const HEADERS = {
  'RateLimit-Limit': {
    description: 'Requests allowed in the current window.',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 1000000 },
    example: 100,
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 1000000 },
    example: 99,
  },
  'RateLimit-Reset': {
    description: 'Seconds until the window resets.',
    schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 86400 },
    example: 60,
  },
  // `*`: the API authenticates with a header and query parameters, never cookies, so any origin may read its
  // answers. (Prism also sends this example as the header, so a concrete origin here would break the mock in browsers.)
  'Access-Control-Allow-Origin': {
    description: 'Any origin may read the response: the API never uses cookies, so browsers call it in direct mode.',
    schema: { type: 'string', const: '*' },
    example: '*',
  },
};

export default function responseHeaders() {
  return {
    Response: {
      /** @param {any} response */
      leave(response) {
        response.headers = { ...HEADERS, ...response.headers };
      },
    },
  };
}
