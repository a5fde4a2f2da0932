import { escapeHtml } from './escape-html.js';

/**
 * The main application is outside this product; this page stands in for it so a visitor sees where sign-in sent
 * them.
 */
export function dashPlaceholder(path: string): string {
  const shown = escapeHtml(path);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dashboard placeholder · Run of Show</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/dash-placeholder.css">
</head>
<body>
<main>
<h1>Signed in</h1>
<p>Sign-in sent you to <code data-testid="dash-path">${shown}</code>.</p>
<p>The main application is not part of this product; this page stands in for it during development.</p>
<p><a href="/app.login/login">Back to sign in</a></p>
</main>
</body>
</html>
`;
}

export const dashPlaceholderCss = `body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;
background:linear-gradient(135deg,#1e3a8a,#1d4ed8 55%,#3b82f6);color:#111827}
main{background:#fff;border-radius:12px;padding:32px;max-width:480px;margin:12px}
code{background:#eff6ff;padding:2px 6px;border-radius:4px;word-break:break-all}a{color:#1d4ed8}
`;
