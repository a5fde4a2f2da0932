import { expect } from 'vitest';

/**
 * What Prism reports for an e-mail path parameter that is not an address: §5's syntax (the app's, a pattern) and the
 * e-mail format, both broken.
 */
export function badEmailPathErrors() {
  return [
    {
      location: ['path', 'email'],
      code: 'pattern',
      message: expect.stringMatching(/^Request path parameter email must match pattern /),
    },
    {
      location: ['path', 'email'],
      code: 'format',
      message: 'Request path parameter email must match format "email"',
    },
  ];
}
