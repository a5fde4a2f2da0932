const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Fills the content of the page's `<meta name="…">` tags that the app reads its run-time settings from (added before
 * `</head>` when the page has none). The site server and the dev server (`npm run dev`) both use it.
 */
export function writeMeta(html: string, values: Record<string, string>): string {
  let out = html;
  for (const [name, value] of Object.entries(values)) {
    const tag = new RegExp(`<meta name="${name}" content="[^"]*"\\s*/?>`);
    const filled = `<meta name="${name}" content="${attr(value)}" />`;
    // A function, not a string, as the replacement: `$&`, `$'` or `` $` `` in a value (an API key) stay literal.
    out = tag.test(out) ? out.replace(tag, () => filled) : out.replace(/<\/head>/i, () => `${filled}</head>`);
  }
  return out;
}
