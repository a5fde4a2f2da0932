// `npm run mock:proxy -- <upstream URL>`: Prism in proxy mode with --errors in front of a real backend, at the
// mock's address (127.0.0.1:$MOCK_PORT, 4010); the sign-in app is pointed at it by running the production host with
// API_ORIGIN set to that address. Every request or response that breaks the description is printed as it happens;
// Ctrl-C prints the report.
import { startChecked } from './shared.js';

const upstream = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!upstream || !URL.canParse(upstream) || !/^https?:$/.test(new URL(upstream).protocol)) {
  console.error('Usage: npm run mock:proxy -- <upstream URL>   e.g. npm run mock:proxy -- https://api.example.com');
  process.exit(2);
}

const stack = await startChecked({ upstream, errors: true }, '', (report) => console.log(`\n${report.summary()}`));
console.log(`
  Mock            ${stack.mock.url}  →  ${upstream}  (validating proxy, Prism --errors)
  Sign-in app     API_ORIGIN=${stack.mock.url} API_KEY=… HCAPTCHA_SITEKEY=… npm run serve  (after npm run build)

  Every request and response is checked against the description (openapi/dist/openapi.json). A response that breaks
  it becomes a 500 problem listing the rules (Prism --errors); each violation is printed below as it happens.
  Press Ctrl-C for the report.
`);
