import { adminEffects, auditEffects } from './admin.js';
import { billingEffects } from './billing.js';
import { docEffects } from './docs.js';
import { eventEffects } from './events.js';
import { columnEffects, itemSetEffects } from './item-sets.js';
import { showEffects } from './shows.js';
import { teamEffects } from './teams.js';
import type { CompleteEffectTable } from './types.js';
import { userEffects } from './users.js';

/** Every engine operation's effect, by operationId: the one table the engine executes. */
export const effects: CompleteEffectTable = {
  ...eventEffects,
  ...showEffects,
  ...itemSetEffects,
  ...columnEffects,
  ...docEffects,
  ...teamEffects,
  ...userEffects,
  ...billingEffects,
  ...adminEffects,
  ...auditEffects,
};
