import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from './test/database.ts';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-main-'));
/** Children still running (a test that timed out): killed before their data directory is removed. */
const running = new Set<ChildProcess>();
afterAll(async () => {
  await Promise.all(
    [...running]
      .filter((c) => c.exitCode === null && c.signalCode === null)
      .map(
        (c) =>
          new Promise((r) => {
            c.once('exit', r);
            c.kill('SIGKILL');
          }),
      ),
  );
  rmSync(dataDir, { recursive: true, force: true });
});
const track = <C extends ChildProcess>(c: C): C => {
  running.add(c);
  c.once('exit', () => running.delete(c));
  return c;
};

/** Runs the real start command on the embedded database until it listens; returns its output and URL. */
async function boot(env: Record<string, string> = {}) {
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_API_KEY: '',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m && out.includes('API docs')) setTimeout(() => resolve(m[1]!), 50);
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  const stop = () =>
    new Promise<number | null>((r) => {
      child.removeAllListeners('exit');
      child.on('exit', r);
      child.kill('SIGTERM');
    });
  return { url, out: () => out, stop };
}

/** Runs `npm run staff:setup-link`'s script on the same data; its exit code and output. */
function setupLinkCommand(): Promise<{ code: number | null; out: string }> {
  const script = fileURLToPath(new URL('./cli/staff-setup-link.ts', import.meta.url));
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '3999', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

// The start command uses the embedded database whatever the test engine: run it once, in the PGlite project.
describe.skipIf(testEngine() === 'postgres')('the start command (embedded database)', () => {
  it('starts with demo data, prints the URLs, a one-time admin key and a set-up link, and keeps its data across restarts', async () => {
    const first = await boot();
    expect(first.out()).toMatch(/Health\s+http/);
    const key = /Admin API key[^\n]*\n\s+(vk_\S+)/.exec(first.out())?.[1];
    expect(key).toBeDefined();
    // No owner yet: a one-time link to set one up.
    expect(first.out()).toMatch(
      /Dashboard set-up link[^\n]*\n\s+http:\/\/\S+\/dashboard\/setup\?token=[\w-]{43}\n/,
    );
    // The embedded database is one process's: the command refuses while the store runs.
    const busy = await setupLinkCommand();
    expect(busy.code, busy.out).toBe(1);
    expect(busy.out).toContain('The store is running on the embedded database');
    const health = await fetch(`${first.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'OK', database: { dialect: 'pglite' } });
    const settings = (await (await fetch(`${first.url}/platform/v1/store-settings`)).json()) as {
      settings: {
        storeName: string;
        revision: string;
        businessAddress: { addressLine?: string } | null;
        manualPaymentMethods: { name: string }[];
      };
    };
    expect(settings.settings.storeName).toBe('Vitrine Demo Store');
    // The packing slips' sender: the demo store's shop.
    expect(settings.settings.businessAddress?.addressLine).toBe('100 Demo Street');
    // Checkout offers a bank transfer beside the card.
    expect(settings.settings.manualPaymentMethods.map((m) => m.name)).toEqual(['Bank transfer']);
    // The printed key works as the admin credential.
    const patch = await fetch(`${first.url}/platform/v1/store-settings`, {
      method: 'PATCH',
      headers: { authorization: key!, 'content-type': 'application/json' },
      body: JSON.stringify({ settings: { storeName: 'Kept' } }),
    });
    expect(patch.status).toBe(200);
    expect(await first.stop()).toBe(0);
    const made = await setupLinkCommand();
    expect(made.code, made.out).toBe(0);
    expect(made.out).toMatch(
      /^Dashboard set-up link[^\n]*\n\s+http:\/\/localhost:3999\/dashboard\/setup\?token=[\w-]{43}\n/,
    );

    const second = await boot();
    expect(second.out()).not.toContain('Admin API key');
    const kept = (await (await fetch(`${second.url}/platform/v1/store-settings`)).json()) as {
      settings: { storeName: string };
    };
    expect(kept.settings.storeName).toBe('Kept');
    const stillValid = await fetch(`${second.url}/platform/v1/jobs/query`, {
      method: 'POST',
      headers: { authorization: key!, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(stillValid.status).toBe(200);
    expect(await second.stop()).toBe(0);
    // Four start-ups of the real command, each loading the server from source and (the first)
    // generating the demo store's pictures: a minute or more on a busy 2-core machine.
  }, 240_000);
});
