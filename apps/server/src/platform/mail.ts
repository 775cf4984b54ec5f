import type { Transporter } from 'nodemailer';
import type { Mailer } from './services.ts';
import type { Ctx } from './context.ts';
import { byStatus, daysBefore, hourlyPurge } from './db/purge.ts';
import { deferInsert } from './db/tx.ts';
import { newId } from './ids.ts';
import { enqueueJob, type JobHandler } from './jobs.ts';

/** `senderName`: the store's name (settings), shown as the sender unless MAIL_FROM names one itself. */
export interface MailInput {
  to: string;
  subject: string;
  text: string;
  html?: string;
  senderName: string;
}

/** `MAIL_FROM` with the store's name as display name, when it is a bare address. */
export function senderOf(mailFrom: string, name: string): string {
  if (mailFrom.includes('<')) return mailFrom;
  const clean = name.replace(/["\\\r\n]/g, '').trim();
  return clean ? `"${clean}" <${mailFrom.trim()}>` : mailFrom.trim();
}

export const SEND_MAIL_JOB = 'mail.send';

/**
 * Timeouts well inside the job lease (nodemailer's socket default is 10 min, the lease 5): a hung
 * server fails the attempt, which is retried, instead of outliving the lease and being sent twice.
 * A `?socketTimeout=…` in SMTP_URL still wins. nodemailer is loaded with the first message: a
 * store without SMTP never loads it (1.5 MiB less heap on the started server).
 */
export function createMailer(smtpUrl: string | undefined): Mailer | null {
  if (!smtpUrl) return null;
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then((m) =>
      m.default.createTransport({
        url: smtpUrl,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      }),
    ));
  return { sendMail: async (m) => (await open()).sendMail(m) };
}

/**
 * Queues a message in the caller's transaction. A job sends it over SMTP when `SMTP_URL` is set;
 * otherwise it stays in the stored outbox (status STORED) where the dashboard shows it.
 */
export async function queueMail(ctx: Ctx, m: MailInput): Promise<string> {
  const id = newId();
  // Without SMTP the message goes straight to the stored outbox: no job to run for it.
  const stored = !ctx.services.mailer;
  const row = {
    id,
    to_address: m.to,
    from_address: senderOf(ctx.config.MAIL_FROM, m.senderName),
    subject: m.subject,
    text_body: m.text,
    html_body: m.html ?? null,
    status: stored ? ('STORED' as const) : ('QUEUED' as const),
    created_at: ctx.clock.now(),
  };
  if (!deferInsert(ctx.db, 'mail_message', row))
    await ctx.db
      .insertInto('mail_message')
      .values({ ...row, last_error: null, sent_at: null })
      .execute();
  if (!stored) await enqueueJob(ctx, SEND_MAIL_JOB, { id });
  return id;
}

export const sendMailJob: JobHandler<{ id: string }> = {
  name: SEND_MAIL_JOB,
  maxAttempts: 8,
  async run(ctx, { id }, info) {
    const m = await ctx.db.selectFrom('mail_message').selectAll().where('id', '=', id).executeTakeFirst();
    if (!m || m.status === 'SENT' || m.status === 'STORED') return;
    const mailer = ctx.services.mailer;
    if (!mailer) {
      await ctx.db.updateTable('mail_message').set({ status: 'STORED' }).where('id', '=', id).execute();
      return;
    }
    try {
      await mailer.sendMail({
        from: m.from_address,
        to: m.to_address,
        subject: m.subject,
        text: m.text_body,
        ...(m.html_body ? { html: m.html_body } : {}),
      });
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      await ctx.db
        .updateTable('mail_message')
        .set({
          last_error: error.slice(0, 2000),
          ...(info.isLastAttempt ? { status: 'FAILED' as const } : {}),
        })
        .where('id', '=', id)
        .execute();
      throw e;
    }
    await ctx.db
      .updateTable('mail_message')
      .set({ status: 'SENT', sent_at: ctx.clock.now(), last_error: null })
      .where('id', '=', id)
      .execute();
  },
};

/** Deletes, hourly, sent and stored messages after MAIL_RETENTION_DAYS and failed ones after FAILED_RETENTION_DAYS (config); queued ones stay. */
export const purgeOldMail = hourlyPurge('mail.purge', (ctx, now) =>
  byStatus('mail_message', 'created_at', [
    [['SENT', 'STORED'], daysBefore(now, ctx.config.MAIL_RETENTION_DAYS)],
    [['FAILED'], daysBefore(now, ctx.config.FAILED_RETENTION_DAYS)],
  ]),
);
