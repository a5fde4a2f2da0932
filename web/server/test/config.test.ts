import { describe, expect, it } from 'vitest';
import { EXPECTS, readConfig } from '../src/config.js';

const valid = { API_ORIGIN: 'https://api.example.com', API_KEY: 'k-123', HCAPTCHA_SITEKEY: 'off' };

const errorsOf = (env: Record<string, string | undefined>) => {
  const read = readConfig(env);
  return read.ok ? [] : read.errors;
};

describe('readConfig', () => {
  it('takes the three required variables and defaults the rest', () => {
    expect(readConfig(valid)).toEqual({
      ok: true,
      config: {
        apiOrigin: 'https://api.example.com',
        apiMode: 'proxy',
        apiKey: 'k-123',
        hcaptchaSitekey: undefined,
        host: '0.0.0.0',
        port: 8080,
        metricsPort: undefined,
        metricsHosts: [],
        trustProxy: false,
        extraOperations: [],
        publicHosts: [],
        logLevel: 'info',
        shutdownDelayMs: 5000,
        shutdownTimeoutMs: 10_000,
        rumEndpoint: undefined,
      },
    });
  });

  it('reads every variable', () => {
    const read = readConfig({
      API_ORIGIN: 'http://127.0.0.1:4010/',
      API_MODE: 'direct',
      API_KEY: 'key',
      HCAPTCHA_SITEKEY: '10000000-ffff-ffff-ffff-000000000001',
      HOST: '127.0.0.1',
      PORT: '0',
      METRICS_PORT: '9464',
      TRUST_PROXY: 'on',
      PUBLIC_HOSTS: 'WWW.example.com, localhost:8443',
      METRICS_HOSTS: 'Host-A.internal',
      API_EXTRA_OPERATIONS: 'users.exportCsv, teams.exportCsv',
      LOG_LEVEL: 'debug',
      SHUTDOWN_DELAY: '0.5',
      SHUTDOWN_TIMEOUT: '30',
      RUM_ENDPOINT: 'https://rum.example.com/collect?app=sign-in',
    });
    expect(read).toMatchObject({
      ok: true,
      config: {
        apiOrigin: 'http://127.0.0.1:4010',
        apiMode: 'direct',
        hcaptchaSitekey: '10000000-ffff-ffff-ffff-000000000001',
        host: '127.0.0.1',
        port: 0,
        metricsPort: 9464,
        metricsHosts: ['host-a.internal'],
        trustProxy: true,
        extraOperations: ['users.exportCsv', 'teams.exportCsv'],
        publicHosts: ['www.example.com', 'localhost:8443'],
        logLevel: 'debug',
        shutdownDelayMs: 500,
        shutdownTimeoutMs: 30_000,
        rumEndpoint: 'https://rum.example.com/collect?app=sign-in',
      },
    });
  });

  it.each([
    ['API_ORIGIN', undefined, 'is not set'],
    ['API_ORIGIN', '', 'is not set'],
    ['API_ORIGIN', 'api.example.com', 'is malformed'],
    ['API_ORIGIN', 'https://api.example.com/v1', 'is malformed'],
    ['API_ORIGIN', 'https://user:pass@api.example.com', 'is malformed'],
    ['API_ORIGIN', 'ftp://api.example.com', 'is malformed'],
    ['API_ORIGIN', 'https://api.example.com/?x=1', 'is malformed'],
    ['API_MODE', 'both', 'is malformed'],
    ['API_KEY', undefined, 'is not set'],
    ['API_KEY', '   ', 'is not set'],
    ['API_KEY', 'X-Api-Key: abc', 'is malformed'],
    ['HCAPTCHA_SITEKEY', undefined, 'is not set'],
    ['HCAPTCHA_SITEKEY', 'a key', 'is malformed'],
    ['HOST', 'in valid', 'is malformed'],
    ['PORT', '80a', 'is malformed'],
    ['PORT', '70000', 'is malformed'],
    ['METRICS_PORT', '-1', 'is malformed'],
    ['METRICS_PORT', '8080', 'is malformed'],
    ['TRUST_PROXY', 'maybe', 'is malformed'],
    ['API_EXTRA_OPERATIONS', 'users.exportCsv,users.dropTables', 'is malformed'],
    ['API_EXTRA_OPERATIONS', 'POST /users', 'is malformed'],
    ['PUBLIC_HOSTS', 'www.example.com/app', 'is malformed'],
    ['PUBLIC_HOSTS', 'a,,b', 'is malformed'],
    ['METRICS_HOSTS', 'host-a.internal:9464', 'is malformed'],
    ['LOG_LEVEL', 'verbose', 'is malformed'],
    ['SHUTDOWN_DELAY', '5s', 'is malformed'],
    ['SHUTDOWN_TIMEOUT', '301', 'is malformed'],
    ['RUM_ENDPOINT', 'rum.example.com/collect', 'is malformed'],
    ['RUM_ENDPOINT', 'https://user:pass@rum.example.com/', 'is malformed'],
    ['RUM_ENDPOINT', 'wss://rum.example.com/', 'is malformed'],
    ['RUM_ENDPOINT', 'https://rum.example.com/a;b', 'is malformed'],
    ['RUM_ENDPOINT', 'https://rum.example.com/#x', 'is malformed'],
  ] as const)('%s=%j: names the variable and what it expects', (name, value, says) => {
    const errors = errorsOf({ ...valid, [name]: value });
    expect(errors).toEqual([`${name} ${says}: expected ${EXPECTS[name]}`]);
  });

  it('lists every wrong variable at once, and never repeats a key it was given', () => {
    const errors = errorsOf({ API_KEY: 'X-Api-Key: secret-key-value', PORT: 'x' });
    expect(errors.map((error) => error.split(' ')[0])).toEqual(['API_ORIGIN', 'API_KEY', 'HCAPTCHA_SITEKEY', 'PORT']);
    expect(errors.join('\n')).not.toContain('secret-key-value');
  });
});
