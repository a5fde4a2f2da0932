import { describe, expect, it } from 'vitest';
import { createApiClientFor } from '../src/client.js';
import { ApiConfigError, ApiError, UploadError } from '../src/index.js';
import type { OperationTable } from '../src/operation-table.js';
import { captureLogger, fakeFetch, problemResponse } from './fake-fetch.js';
import { getUser, updatePhoto } from './operations.js';

const endpoint = 'https://api.test';
// A table of our own, like openapi-fetch's tests: the upload rules hold for any `x-upload` operation.
const table: OperationTable = { 'users.updatePhoto': updatePhoto, 'users.get': getUser };
type Upload = (path: string, input: object) => Promise<unknown>;
const photo = new File(['png bytes'], 'ada.png', { type: 'image/png' });

describe('uploads (§7, §8)', () => {
  it('sends multipart with a file part and the payload fields, as a queued write with the token', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({ _id: 'u1', photo: 'https://cdn.test/u1.png' }));
    const api = createApiClientFor({ endpoint, apiKey: 'k', fetch, getAccessToken: () => 'tok-123' }, table);
    const data = await (api.upload as Upload)('/users/{userId}/photo', {
      params: { userId: 'u1' },
      file: photo,
      payload: { alt: 'Ada smiling' },
    });

    expect(data).toEqual({ _id: 'u1', photo: 'https://cdn.test/u1.png' });
    const [request] = requests;
    expect(request?.method).toBe('PUT');
    expect(request?.url).toBe('https://api.test/users/u1/photo?accessToken=tok-123');
    expect(request?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.headers.get('idempotency-key')).toBe(request?.headers.get('x-request-id'));
    const form = await request?.formData();
    expect(form?.get('alt')).toBe('Ada smiling');
    const file = form?.get('file') as File;
    expect(file.name).toBe('ada.png');
    expect(await file.text()).toBe('png bytes');
  });

  it('posts to {proxy}/upload/{group}.{method} in proxy mode, with params and query as JSON text', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({}));
    const api = createApiClientFor({ endpoint, proxy: 'https://app.test/api', fetch }, table);
    await (api.upload as Upload)('/users/{userId}/photo', {
      params: { userId: 'u1' },
      file: photo,
      payload: { alt: 'A' },
    });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('https://app.test/api/upload/users.updatePhoto');
    const form = await request?.formData();
    expect(form?.get('params')).toBe('{"userId":"u1"}');
    expect(form?.get('query')).toBe('{}');
    expect(form?.get('alt')).toBe('A');
    expect(await (form?.get('file') as File | undefined)?.text()).toBe('png bytes');
  });

  it('is reached through the facade too', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({}));
    const api = createApiClientFor({ endpoint, apiKey: 'k', fetch }, table) as unknown as {
      users: { updatePhoto(input: object): Promise<unknown> };
    };
    await api.users.updatePhoto({ params: { userId: 'u1' }, file: photo });
    expect(requests[0]?.url).toBe('https://api.test/users/u1/photo');
  });

  it("rejects a route outside the allow-list with 'Path ... is not allowed'", async () => {
    const { fetch, requests } = fakeFetch();
    const api = createApiClientFor({ endpoint, apiKey: 'k', fetch }, table);
    const error = await (api.upload as Upload)('/users/{userId}', { params: { userId: 'u1' }, file: photo }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiConfigError);
    expect((error as Error).message).toMatch(/^Path \/users\/\{userId\} is not allowed/);
    expect(requests).toHaveLength(0);
  });

  it('rejects a failed upload with the error, the path and the fields', async () => {
    const { fetch } = fakeFetch(() => problemResponse(422, {}, 'Not an image'));
    const { logger, entries } = captureLogger();
    const api = createApiClientFor({ endpoint, apiKey: 'k', fetch, logger }, table);
    const error = await (api.upload as Upload)('/users/{userId}/photo', {
      params: { userId: 'u1' },
      file: photo,
      payload: { alt: 'Ada' },
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ path: '/users/{userId}/photo', fields: { alt: 'Ada' }, status: 422 });
    expect((error as UploadError).error).toBeInstanceOf(ApiError);
    expect((error as UploadError).error.body).toMatchObject({ detail: 'Not an image' });
    expect(entries).toHaveLength(1);
  });
});
