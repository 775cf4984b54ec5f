import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Job, MailMessage } from '@vitrine/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMail } from '../test/mime.ts';
import { ADMIN_KEY as ADMIN_API_KEY, startTestServer, type TestServer } from '../test/server.ts';
import { inTransaction } from './db/tx.ts';
import { backoffMs } from './jobs.ts';
import { queueMail, senderOf } from './mail.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1: collects what it accepts, refuses recipients while `rejecting`. */
async function smtpSink() {
  const received: Received[] = [];
  const state = { rejecting: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.rejecting) return callback();
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const envelope = session.envelope;
        received.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const getMessage = async (s: TestServer, id: string) => {
  const r = await s.admin<{ message: MailMessage }>('GET', `/platform/v1/mail/messages/${id}`);
  expect(r.status).toBe(200);
  return r.body.message;
};
const sendJob = async (s: TestServer) => {
  const r = await s.admin<{ jobs: Job[] }>('POST', '/platform/v1/jobs/query', {
    query: { filter: { name: 'mail.send' } },
  });
  expect(r.body.jobs).toHaveLength(1);
  return r.body.jobs[0]!;
};
const sendTest = async (s: TestServer, to: string) => {
  const r = await s.admin<{ messageId: string }>('POST', '/platform/v1/mail/test', { to });
  expect(r.status).toBe(200);
  return r.body.messageId;
};

let smtp: Awaited<ReturnType<typeof smtpSink>>;
beforeAll(async () => {
  smtp = await smtpSink();
});
afterAll(async () => {
  await smtp?.close();
});

describe('mail over SMTP', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Paper Shop <shop@example.com>' } });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('delivers the test message to a real SMTP server and marks it SENT', async () => {
    const id = await sendTest(s, 'owner@example.com');
    const mail = await s.until(async () => smtp.received.find((m) => m.to.includes('owner@example.com')));
    expect(mail.from).toBe('shop@example.com');
    const { headers, text: body } = readMail(mail.raw);
    expect(headers.to).toBe('owner@example.com');
    expect(headers.from).toBe('Paper Shop <shop@example.com>');
    expect(headers.subject).toBe('Test message from My Vitrine store');
    expect(body).toBe(
      `This is a test message from My Vitrine store (${s.app.systemCtx().config.PUBLIC_URL}). If you can read it, outgoing mail works.`,
    );

    const message = await s.until(async () => {
      const m = await getMessage(s, id);
      return m.status === 'SENT' && m;
    });
    expect(message).toMatchObject({
      id,
      to: 'owner@example.com',
      from: 'Paper Shop <shop@example.com>',
      subject: 'Test message from My Vitrine store',
      status: 'SENT',
      lastError: null,
      sentDate: s.clock.now().toISOString(),
    });
    expect(smtp.received.filter((m) => m.to.includes('owner@example.com'))).toHaveLength(1);
  });
});

describe('mail without SMTP_URL', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('keeps the message in the stored outbox as STORED at once, with no job to run', async () => {
    const before = smtp.received.length;
    const id = await sendTest(s, 'stored@example.com');
    const message = await getMessage(s, id);
    expect(message).toMatchObject({
      status: 'STORED',
      sentDate: null,
      lastError: null,
      to: 'stored@example.com',
    });
    const jobs = await s.admin<{ jobs: Job[] }>('POST', '/platform/v1/jobs/query', {
      query: { filter: { name: 'mail.send' } },
    });
    expect(jobs.body.jobs).toEqual([]);
    const listed = await s.admin<{ messages: MailMessage[] }>('POST', '/platform/v1/mail/messages/query', {
      query: { filter: { status: 'STORED' } },
    });
    expect(listed.body.messages.map((m) => m.id)).toEqual([id]);
    expect(smtp.received.length).toBe(before);
  });
});

describe('old mail', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { MAIL_RETENTION_DAYS: '10' } });
  });
  afterAll(async () => {
    await s?.stop();
  });

  const bulk = async () =>
    (
      await s.admin<{ messages: MailMessage[] }>('POST', '/platform/v1/mail/messages/query', {
        query: { filter: { to: 'bulk@example.com' }, cursorPaging: { limit: 100 } },
      })
    ).body.messages;

  it('is deleted after MAIL_RETENTION_DAYS (10 here) by the hourly purge; newer messages stay', async () => {
    const old = await sendTest(s, 'old@example.com');
    // More than one batch of the purge (1,000 rows).
    await inTransaction(s.app.systemCtx(), async (tx) => {
      for (let i = 0; i < 1200; i++)
        await queueMail(tx, { to: 'bulk@example.com', subject: `n${i}`, text: 'x', senderName: 'Shop' });
    });
    expect(await bulk()).toHaveLength(100);
    s.clock.advance(6 * 86_400_000);
    const recent = await sendTest(s, 'recent@example.com');
    s.clock.advance(5 * 86_400_000);
    await s.until(
      async () =>
        (await s.admin('GET', `/platform/v1/mail/messages/${old}`)).status === 404 &&
        (await bulk()).length === 0,
      10_000,
    );
    expect((await getMessage(s, recent)).status).toBe('STORED');
  });
});

describe("the README's command to read the outbox", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('prints the latest messages, their recipient, subject and text, when copied and pasted', async () => {
    const readme = readFileSync(fileURLToPath(new URL('../../../../README.md', import.meta.url)), 'utf8');
    const command = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
      .map((m) => m[1]!)
      .find((c) => c.includes('/platform/v1/mail/messages/query'));
    expect(command).toContain('http://localhost:3000/');
    const id = await sendTest(s, 'reader@example.com');
    const message = await s.until(async () => {
      const m = await getMessage(s, id);
      return m.status === 'STORED' && m;
    });
    // Asynchronously: the server answering curl runs in this process.
    const run = await promisify(execFile)('sh', ['-c', command!.replaceAll('http://localhost:3000', s.url)], {
      env: { ...process.env, ADMIN_API_KEY },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(
      `${message.createdDate}  STORED  to reader@example.com\n${message.subject}\n\n${message.text}`,
    );
  });
});

describe('mail the SMTP server refuses', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { SMTP_URL: smtp.url, JOBS: 'false' } });
  });
  afterAll(async () => {
    smtp.state.rejecting = false;
    await s?.stop();
  });

  it('retries with backoff, records the error on the message, FAILs after the last attempt, and sends on retry', async () => {
    smtp.state.rejecting = true;
    const id = await sendTest(s, 'bounce@example.com');
    const { id: jobId, maxAttempts } = await sendJob(s);
    expect(maxAttempts).toBe(8);
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      expect(await s.app.jobs.runDue(), `attempt ${attempt}`).toBe(1);
      const job = (await s.admin<{ job: Job }>('GET', `/platform/v1/jobs/${jobId}`)).body.job;
      const message = await getMessage(s, id);
      expect(message.lastError).toMatch(/550 Mailbox unavailable/);
      expect(job.lastError).toMatch(/550 Mailbox unavailable/);
      if (attempt < maxAttempts) {
        expect(job).toMatchObject({ status: 'PENDING', attempts: attempt });
        expect(message).toMatchObject({ status: 'QUEUED', sentDate: null });
        s.clock.advance(backoffMs(attempt) - 1);
        expect(await s.app.jobs.runDue()).toBe(0);
        s.clock.advance(1);
      } else {
        expect(job).toMatchObject({ status: 'FAILED', attempts: maxAttempts });
        expect(message).toMatchObject({ status: 'FAILED', sentDate: null });
      }
    }
    expect(smtp.received.filter((m) => m.to.includes('bounce@example.com'))).toEqual([]);

    smtp.state.rejecting = false;
    expect((await s.admin('POST', `/platform/v1/jobs/${jobId}/retry`, {})).status).toBe(200);
    expect(await s.app.jobs.runDue()).toBe(1);
    expect(await getMessage(s, id)).toMatchObject({
      status: 'SENT',
      lastError: null,
      sentDate: s.clock.now().toISOString(),
    });
    expect(smtp.received.filter((m) => m.to.includes('bounce@example.com'))).toHaveLength(1);
  });
});

describe('the sender', () => {
  it("is MAIL_FROM in the store's name when MAIL_FROM is an address alone; a named MAIL_FROM is kept", () => {
    expect(senderOf('no-reply@localhost', 'Harbour & Pine')).toBe('"Harbour & Pine" <no-reply@localhost>');
    expect(senderOf(' shop@example.com ', 'Say "hi"\r\nBcc: x@evil.test')).toBe(
      '"Say hiBcc: x@evil.test" <shop@example.com>',
    );
    expect(senderOf('Paper Shop <shop@example.com>', 'Harbour & Pine')).toBe('Paper Shop <shop@example.com>');
    expect(senderOf('shop@example.com', '')).toBe('shop@example.com');
  });
});
