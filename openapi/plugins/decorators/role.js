// @ts-check
// Writes each operation's §6 rule into the bundle as `x-role` and says it at the end of the operation's description,
// where a reader of the docs sees it (the docs page does not show extensions). The rules come from
// src/generated/roles.json, which mock-server/scripts/role-table.ts writes from the table the sandbox enforces
// (mock-server/src/sandbox/effects/roles.ts), so the docs cannot say one thing and the sandbox do another.
import { readFileSync } from 'node:fs';

/** @type {{ text: Record<string, string>, rules: Record<string, string[]> }} */
const table = JSON.parse(readFileSync(new URL('../../src/generated/roles.json', import.meta.url), 'utf8'));

/** Rules product administrators pass without being named (they pass every rule but `notSelf`). */
const NAMES_ADMINS = new Set(['public', 'guest', 'productAdmin']);

/** The sentence the docs show for an operation's rules. */
export function roleNote(/** @type {string[]} */ rules) {
  const who = rules.map((rule) => table.text[rule] ?? rule).join('; ');
  const admins = rules.some((rule) => NAMES_ADMINS.has(rule)) ? '' : '; internal product administrators too';
  return `**Who may call it** (\`x-role: ${rules.join(' + ')}\`): ${who}${admins}. Anyone else gets \`403\`.`;
}

export default function role() {
  return {
    Operation: {
      /** @param {any} operation */
      leave(operation) {
        const rules = table.rules[operation.operationId];
        if (!rules) return;
        operation['x-role'] = rules;
        const text = String(operation.description ?? '').trimEnd();
        operation.description = `${text}\n\n${roleNote(rules)}\n`;
      },
    },
  };
}
