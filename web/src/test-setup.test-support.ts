// The unit tests read every text of the catalogue (the §5 schemas' messages): the app loads a screen's part of it
// with the screen (app.tsx), the tests load every part in English before they start.
import { loadTexts, type Part } from './lib/i18n/locale.js';

const parts: Part[] = ['core', 'login', 'account', 'signup', 'invite', 'sso', 'forgot', 'reset', 'verify', 'rules'];
await Promise.all(parts.map(loadTexts));
