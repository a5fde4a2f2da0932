import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type components,
  createApiClient,
  type OperationId,
  type OperationInput,
  type OperationOutput,
  operationTable,
  type UploadInput,
  type UploadOutput,
  type UploadPath,
} from '../src/index.js';
import { fakeFetch } from './fake-fetch.js';

const endpoint = 'https://api.test';
type Schemas = components['schemas'];

describe('operation facade', () => {
  it('has one method per operation of the description, grouped by the operationId prefix', () => {
    const api = createApiClient({ endpoint, apiKey: 'k', fetch: fakeFetch().fetch }) as unknown as Record<
      string,
      Record<string, unknown>
    >;
    for (const id of Object.keys(operationTable)) {
      const [group = '', method = ''] = id.split('.');
      expect(typeof api[group]?.[method], id).toBe('function');
    }
  });

  it('calls the REST route with params and payload and resolves with the body', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({ hasTwoFactorAuth: true }));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    const data = await api.users.hasTwoFactorAuth({ params: { email: 'ada@example.com' } });
    expect(data).toEqual({ hasTwoFactorAuth: true });
    expect(requests[0]?.url).toBe('https://api.test/users/ada%40example.com/has2fa');
  });

  it('sends the payload as the JSON body of a queued write', async () => {
    const payload = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'Correct-Horse-9!',
      captcha: 'captcha-token',
    };
    const { fetch, requests } = fakeFetch(() => Response.json({ _id: 'u1' }, { status: 201 }));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    await expect(api.users.create({ payload })).resolves.toEqual({ _id: 'u1' });
    expect(requests[0]?.method).toBe('POST');
    expect(await requests[0]?.json()).toEqual(payload);
    expect(requests[0]?.headers.get('idempotency-key')).toBeTruthy();
  });

  it('lets a call without inputs be made without arguments', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({ _id: 'u1' }));
    const api = createApiClient({ endpoint, apiKey: 'k', fetch });
    await api.tokens.getUser();
    expect(requests[0]?.url).toBe('https://api.test/token/user');
  });

  it('is typed from the description', () => {
    expectTypeOf<OperationInput<'users.hasTwoFactorAuth'>>().toHaveProperty('params');
    expectTypeOf<OperationInput<'users.hasTwoFactorAuth'>['params']>().toEqualTypeOf<{ email: string }>();
    expectTypeOf<OperationInput<'auth.login'>['payload']>().toEqualTypeOf<Schemas['LoginRequest']>();
    expectTypeOf<OperationOutput<'auth.login'>>().toEqualTypeOf<Schemas['Session']>();
    const api = createApiClient({ endpoint, apiKey: 'k', fetch: fakeFetch().fetch });
    expectTypeOf(api.auth.login).returns.resolves.toEqualTypeOf<Schemas['Session']>();
    // @ts-expect-error the payload is required
    void api.auth.login({});
    // @ts-expect-error unknown operations are not there
    void api.users.noSuchOperation;
  });

  it("types an upload by its path: the table's upload rows, each with its operation's input and output", () => {
    type UploadRow = Extract<(typeof operationTable)[OperationId], { upload: true }>;
    expectTypeOf<UploadPath>().toEqualTypeOf<UploadRow['path']>();
    expectTypeOf<UploadInput<'/users/{userId}/photo'>>().toEqualTypeOf<OperationInput<'users.updatePhoto'>>();
    expectTypeOf<UploadOutput<'/events/{eventId}/doc'>>().toEqualTypeOf<OperationOutput<'eventDocs.upload'>>();
  });
});
