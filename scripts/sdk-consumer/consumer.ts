// Type-checked against the installed tarball, never run: what a user writes, and mistakes strict TypeScript must refuse.
import {
  ApiConfigError,
  ApiError,
  type components,
  createApiClient,
  createApiClientFor,
  type OperationOutput,
  tableOf,
  unwrap,
} from '@runofshow/sdk';
import { authLogin, usersHasTwoFactorAuth } from '@runofshow/sdk/operations';
import { createProxyHandler } from '@runofshow/sdk/proxy-handler';

const api = createApiClient({ endpoint: 'http://127.0.0.1:4010', apiKey: 'development-api-key' });
const signedIn: components['schemas']['Session'] = await api.auth.login({
  payload: { email: 'ada@example.com', password: 'Correct-Horse-9' },
});
const has: boolean = (await unwrap(api.GET('/users/{email}/has2fa', { params: { path: { email: 'a@example.com' } } })))
  .hasTwoFactorAuth;
const team: OperationOutput<'teams.get'> = await api.teams.get({ params: { teamId: 't1' } });

const small = createApiClientFor(
  { endpoint: 'https://api.example.com', proxy: '/api' },
  tableOf(authLogin, usersHasTwoFactorAuth),
);
await small.users.hasTwoFactorAuth({ params: { email: 'a@example.com' } });

const handler: (request: Request) => Promise<Response> = createProxyHandler({
  endpoint: 'https://api.example.com',
  apiKey: 'k',
});

try {
  await api.users.create({
    payload: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'P', captcha: 'c' },
  });
} catch (error) {
  if (error instanceof ApiError && error.kind === 'parse') console.log(error.status, error.contentType);
  if (error instanceof ApiConfigError) console.log(error.message);
}

// The mistakes: each line must be an error, or tsc reports the unused directive.
// @ts-expect-error the payload is required
await api.auth.login({});
// @ts-expect-error a path parameter of the wrong name
await api.users.hasTwoFactorAuth({ params: { mail: 'a@example.com' } });
// @ts-expect-error no such operation
void api.users.noSuchOperation;
// @ts-expect-error a route the description does not have
void api.GET('/no/such/route');
// @ts-expect-error the smaller client has no events
void small.events;
// @ts-expect-error the endpoint is required
createApiClient({ apiKey: 'k' });
// @ts-expect-error a team is not a session
const wrong: components['schemas']['Session'] = team;

export { handler, has, signedIn, wrong };
