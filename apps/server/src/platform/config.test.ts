import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has defaults for everything', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      BODY_LIMIT: 1048576,
      PUBLIC_URL: 'http://localhost:3000',
      JOBS: true,
      EVENT_RETENTION_DAYS: 30,
      MAIL_RETENTION_DAYS: 30,
      JOB_RETENTION_DAYS: 7,
      FAILED_RETENTION_DAYS: 90,
    });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it("keeps the data in the repository's ./data by default, from whichever directory the server starts", () => {
    const root = fileURLToPath(new URL('../../../../', import.meta.url)).replace(/\/$/, '');
    expect(loadConfig({}).DATA_DIR).toBe(join(root, 'data'));
    expect(loadConfig({ DATA_DIR: '/srv/vitrine' }).DATA_DIR).toBe('/srv/vitrine');
    expect(loadConfig({ DATA_DIR: 'store-data' }).DATA_DIR).toBe(join(process.cwd(), 'store-data'));
  });

  it('accepts any ADMIN_API_KEY of 24+ visible characters, and names the rule for others', () => {
    expect(loadConfig({ ADMIN_API_KEY: 'my-own-admin-key-0123456789abcd' }).ADMIN_API_KEY).toBe(
      'my-own-admin-key-0123456789abcd',
    );
    for (const [value, rule] of [
      ['short-key', 'at least 24 characters'],
      ['has a space 0123456789abcdef', 'without spaces or commas'],
      ['comma,0123456789abcdefghijklm', 'without spaces or commas'],
    ]) {
      expect(() => loadConfig({ ADMIN_API_KEY: value }), value).toThrow(
        new RegExp(`ADMIN_API_KEY: must be[^\n]*${rule}`),
      );
    }
  });

  it('treats empty strings as unset and derives PUBLIC_URL from PORT', () => {
    expect(loadConfig({ PORT: '8080', DATABASE_URL: '' })).toMatchObject({
      PORT: 8080,
      PUBLIC_URL: 'http://localhost:8080',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.test/' }).PUBLIC_URL).toBe(
      'https://shop.example.test',
    );
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of proxies', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('reports every bad key with its reason', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ADMIN_API_KEY: 'short',
        SMTP_URL: 'nope',
        JOBS: 'maybe',
        EVENT_RETENTION_DAYS: '0',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split('\n')[0]).toBe('Invalid environment variables');
    for (const key of ['PORT', 'DATABASE_URL', 'ADMIN_API_KEY', 'SMTP_URL', 'JOBS', 'EVENT_RETENTION_DAYS'])
      expect(message).toMatch(new RegExp(`^  ${key}: `, 'm'));
  });

  it('makes the server exit non-zero printing the problems, without asking for input', async () => {
    const main = fileURLToPath(new URL('../main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, PORT: '99999', OAUTH_CLIENT_ID: 'bad id!' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid environment variables');
    expect(stderr).toMatch(/PORT: /);
    expect(stderr).toMatch(/OAUTH_CLIENT_ID: /);
  });
});
