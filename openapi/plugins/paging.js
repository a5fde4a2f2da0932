// @ts-check
// How a list's pages end (`x-paging.end`), and what the docs say about each: shared by the lint rule and the decorator.

export const PAGING_ENDS = ['total', 'short-page', 'one-page'];

/** The sentence the docs page shows for an operation's `x-paging`, or undefined. @param {any} mark */
export function pagingNote(mark) {
  switch (mark?.end) {
    case 'total':
      return "**Pages:** by `page` and `size`; the answer's `total` says where the list ends, so no page past it is asked for. In the SDK, `paged(api)` walks it: `.pages(input)` a page at a time, `.all(input, { max })` item by item.";
    case 'short-page':
      return '**Pages:** by `page` and `size`; a page shorter than `size` is the last (a full last page is followed by one empty page). In the SDK, `paged(api)` walks it: `.pages(input)` a page at a time, `.all(input, { max })` item by item.';
    case 'one-page':
      return '**Pages:** one page of at most `size` items, with no next page. In the SDK, `paged(api)` gives it the same `.pages(input)` and `.all(input, { max })` as the lists that page.';
    default:
      return undefined;
  }
}
