import type { Plugin } from 'vite';

/**
 * Puts the app's one stylesheet (the build has `cssCodeSplit: false`, ~2 KB gzip) into each HTML page as a <style>
 * element and drops the file: the first paint then waits for the HTML alone, not for a second, render-blocking
 * request. The site server allows the element by its hash in the page's Content-Security-Policy (never
 * 'unsafe-inline').
 */
export function inlineCss(): Plugin {
  return {
    name: 'runofshow:inline-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const sheets = Object.values(bundle).filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'));
      if (sheets.length === 0) return;
      if (sheets.length > 1) throw new Error(`inline-css expects one stylesheet, the build made ${sheets.length}`);
      const [sheet] = sheets;
      if (sheet?.type !== 'asset') return;
      const css = String(sheet.source).trim();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.html')) continue;
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="[^"]*/${sheet.fileName}"[^>]*>`);
        const html = String(file.source);
        if (!link.test(html)) throw new Error(`${file.fileName} does not link ${sheet.fileName}`);
        file.source = html.replace(link, () => `<style>${css}</style>`);
      }
      delete bundle[sheet.fileName];
    },
  };
}
