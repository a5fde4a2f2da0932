import { messages } from '../lib/messages.js';

/** The show button's name and the Caps Lock notice of every password field, in the visitor's language. */
export const passwordTexts = () => ({ show: messages.showPassword, capsLock: messages.capsLockOn });
