// @ts-check
// `x-paging` says how a list pages, once, beside the operation (issue 33); the SDK's generator reads it into its paging
// table, and the docs say it. `end` is how a reader knows the last page: `total` (an envelope whose `total` counts
// every item), `short-page` (a bare array: a page shorter than `size` is the last) or `one-page` (only `size`: one
// answer is the whole list). Every operation that takes a `size` declares it, so no list is left unmarked, and each
// mark must match the parameters and the answer it describes.
import { PAGING_ENDS } from '../paging.js';

/** @param {any} ctx @param {any} node */
const deref = (ctx, node) => (node?.$ref ? ctx.resolve(node).node : node);

export default function pagingMark() {
  return {
    PathItem: {
      Operation: {
        /** @param {any} operation @param {any} ctx */
        enter(operation, ctx) {
          const id = operation.operationId;
          const params = (operation.parameters ?? []).map((/** @type {any} */ p) => deref(ctx, p));
          const where = (/** @type {string} */ name) =>
            params.find((/** @type {any} */ p) => p?.name === name && (p.in === 'query' || p.in === 'path'));
          const mark = operation['x-paging'];
          const report = (/** @type {string} */ message) =>
            ctx.report({ message: `Operation ${id}: ${message}`, location: ctx.location.child('x-paging') });
          if (mark === undefined) {
            if (where('size')) report('takes a `size`, so it declares `x-paging` (how its pages end).');
            return;
          }
          if (!PAGING_ENDS.includes(mark?.end) || Object.keys(mark).length !== 1) {
            report(`\`x-paging\` is \`{ end: ${PAGING_ENDS.join(' | ')} }\`.`);
            return;
          }
          if (!where('size')) report('`x-paging` needs a `size` parameter.');
          if (mark.end === 'one-page' ? where('page') : !where('page')) {
            report(
              mark.end === 'one-page' ? 'a `one-page` list takes no `page`.' : '`x-paging` needs a `page` parameter.',
            );
          }
          const success = Object.keys(operation.responses ?? {}).find((code) => /^2\d\d$/.test(code));
          const schema = deref(
            ctx,
            deref(ctx, operation.responses?.[success ?? ''])?.content?.['application/json']?.schema,
          );
          const isArray = schema?.type === 'array';
          const total = schema?.properties?.total;
          if (mark.end === 'total' ? !total : !isArray) {
            report(
              mark.end === 'total' ? 'a `total` list answers an object with `total`.' : 'this list answers an array.',
            );
          }
        },
      },
    },
  };
}
