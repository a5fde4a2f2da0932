import { Secret, TOTP } from 'otpauth';

const ISSUER = 'RunOfShow';

/** The authenticator-app settings every account uses: 6 digits, 30 seconds, SHA-1 (what every app supports). */
const totp = (secret: string, email = '') =>
  new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(secret), digits: 6, period: 30 });

/** A fresh base32 secret (160 bits, as RFC 4226 recommends). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The `otpauth://` address of a secret, for a QR code. */
export const otpauthUrl = (secret: string, email: string) => totp(secret, email).toString();

/** The code an authenticator app shows now (tests, and the catalogue's instructions). */
export const totpCode = (secret: string, at = Date.now()) => totp(secret).generate({ timestamp: at });

/** True when `code` is the current code, or the one just before or after (a phone's clock may drift 30 s). */
export const totpMatches = (secret: string, code: string) => totp(secret).validate({ token: code, window: 1 }) !== null;
