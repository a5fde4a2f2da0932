// The consumer's checks as a Cloudflare Worker, bundled and served by workerd: GET / runs them against the mock
// named by the MOCK_URL binding and answers `{ ok, checks }` or `{ ok: false, error }`.
import { runChecks } from './checks.mjs';

export default {
  async fetch(_request, env) {
    try {
      return Response.json({ ok: true, checks: await runChecks(env.MOCK_URL) });
    } catch (error) {
      return Response.json({ ok: false, error: String(error?.stack ?? error) });
    }
  },
};
