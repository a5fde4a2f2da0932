/** The texts the shared pieces show themselves: §8's error screens, word for word, and the section box's (ours). */
export const texts = {
  pageErrorTitle: 'Uh oh',
  pageErrorText:
    'There was a problem loading this page. Please try a browser refresh and if the problem persists, reach out to client support.',
  pageErrorRefresh: 'Refresh',
  sectionErrorReload: 'Reload',
  // Not shown in the specification: our own wording.
  sectionErrorText: 'This part of the page could not be shown.',
} as const;
