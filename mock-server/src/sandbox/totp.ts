import { Secret, TOTP } from 'otpauth';

const ISSUER = 'RunOfShow';

/** Seconds per code. */
export const TOTP_PERIOD_S = 30;

/** The authenticator-app settings every account uses: 6 digits, 30 seconds, SHA-1 (what every app supports). */
const totp = (secret: string, email = '') =>
  new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(secret), digits: 6, period: TOTP_PERIOD_S });

/** A fresh base32 secret (160 bits, as RFC 4226 recommends). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The `otpauth://` address of a secret, for a QR code. */
export const otpauthUrl = (secret: string, email: string) => totp(secret, email).toString();

/** The code an authenticator app shows now (tests, and the catalogue's instructions). */
export const totpCode = (secret: string, at = Date.now()) => totp(secret).generate({ timestamp: at });

/**
 * The time step (`floor(seconds / 30)`) whose code `code` is, when it is the code of the step at `at` or of the one
 * just before or after (a phone's clock may drift 30 s); undefined when it matches none. The step is what a verifier
 * remembers to spend a code (RFC 6238 §5.2: an accepted code is never accepted again).
 */
export function totpStep(secret: string, code: string, at: number): number | undefined {
  const delta = totp(secret).validate({ token: code, timestamp: at, window: 1 });
  return delta === null ? undefined : Math.floor(at / 1000 / TOTP_PERIOD_S) + delta;
}
