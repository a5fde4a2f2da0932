// Each locale's catalogue whole, every part at once: for the tests and the build's pre-render, which read texts
// directly. The app itself loads the parts a screen needs (locale.ts), never this module.
import { texts as arAccount } from './ar/account.js';
import { texts as arCore } from './ar/core.js';
import { texts as arForgot } from './ar/forgot.js';
import { texts as arInvite } from './ar/invite.js';
import { texts as arLogin } from './ar/login.js';
import { texts as arReset } from './ar/reset.js';
import { texts as arRules } from './ar/rules.js';
import { texts as arSignup } from './ar/signup.js';
import { texts as arSso } from './ar/sso.js';
import { texts as arVerify } from './ar/verify.js';
import { texts as deAccount } from './de/account.js';
import { texts as deCore } from './de/core.js';
import { texts as deForgot } from './de/forgot.js';
import { texts as deInvite } from './de/invite.js';
import { texts as deLogin } from './de/login.js';
import { texts as deReset } from './de/reset.js';
import { texts as deRules } from './de/rules.js';
import { texts as deSignup } from './de/signup.js';
import { texts as deSso } from './de/sso.js';
import { texts as deVerify } from './de/verify.js';
import { texts as enAccount } from './en/account.js';
import { texts as enCore } from './en/core.js';
import { texts as enForgot } from './en/forgot.js';
import { texts as enInvite } from './en/invite.js';
import { texts as enLogin } from './en/login.js';
import { texts as enReset } from './en/reset.js';
import { texts as enRules } from './en/rules.js';
import { texts as enSignup } from './en/signup.js';
import { texts as enSso } from './en/sso.js';
import { texts as enVerify } from './en/verify.js';
import type { Texts } from './locale.js';

export type { Texts };

export const en: Texts = {
  ...enCore,
  ...enLogin,
  ...enAccount,
  ...enSignup,
  ...enInvite,
  ...enSso,
  ...enForgot,
  ...enReset,
  ...enVerify,
  ...enRules,
};
export const de: Texts = {
  ...deCore,
  ...deLogin,
  ...deAccount,
  ...deSignup,
  ...deInvite,
  ...deSso,
  ...deForgot,
  ...deReset,
  ...deVerify,
  ...deRules,
};
export const ar: Texts = {
  ...arCore,
  ...arLogin,
  ...arAccount,
  ...arSignup,
  ...arInvite,
  ...arSso,
  ...arForgot,
  ...arReset,
  ...arVerify,
  ...arRules,
};
/** What /login shows first, per locale: its core and login parts (the build's pre-render). */
export const loginTexts = {
  en: { ...enCore, ...enLogin },
  de: { ...deCore, ...deLogin },
  ar: { ...arCore, ...arLogin },
} as const;
