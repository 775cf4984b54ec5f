/** Sending the recovery e-mail: once by itself when a checkout is found left, or when the merchant asks. */
import type { WireAbandonedCheckout } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { conflict } from '../../platform/errors.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { queueMail } from '../../platform/mail.ts';
import { getSettings } from '../settings/index.ts';
import { recoveryMail } from './email.ts';
import { recoveryUrl } from './link.ts';
import { addActivity, findAbandoned, type AbandonedRow } from './store.ts';
import { abandonedNotFound, toWire } from './wire.ts';

export const EMAIL_JOB = 'abandoned-checkouts.email';
/** The merchant may send the e-mail again at most this often. */
export const RESEND_AFTER_MS = 60 * 60_000;

/** Queues the e-mail in the caller's transaction, which holds the row, and records it. */
async function send(ctx: Ctx, row: AbandonedRow): Promise<AbandonedRow> {
  const { storeName } = await getSettings(ctx);
  await queueMail(
    ctx,
    recoveryMail({ to: row.email, storeName, snapshot: row.snapshot, link: await recoveryUrl(ctx, row.id) }),
  );
  const now = ctx.clock.now();
  return (await addActivity(ctx.db, row.id, { createdDate: now.toISOString(), type: 'EMAIL_SENT' }, now))!;
}

/** The automatic e-mail: once, while the checkout is still abandoned. */
export const emailJob: JobHandler<{ id: string }> = {
  name: EMAIL_JOB,
  async run(ctx, { id }) {
    await inTransaction(ctx, async (tx) => {
      const row = await findAbandoned(tx.db, id, true);
      if (row?.status !== 'ABANDONED' || row.activities.some((a) => a.type === 'EMAIL_SENT')) return;
      // Turned off since it was found: recorded as skipped.
      if (!(await getSettings(tx)).abandonedCheckoutEmails) {
        const now = tx.clock.now();
        await addActivity(tx.db, row.id, { createdDate: now.toISOString(), type: 'AUTOMATION_SKIPPED' }, now);
        return;
      }
      await send(tx, row);
    });
  },
};

/**
 * The merchant's "send the recovery e-mail" (Vitrine's own call): 409 once recovered, or when one was
 * sent within the hour.
 */
export async function sendRecoveryEmail(ctx: Ctx, id: string): Promise<WireAbandonedCheckout> {
  const row = await inTransaction(ctx, async (tx) => {
    const r = await findAbandoned(tx.db, id, true);
    if (!r) throw abandonedNotFound(id);
    if (r.status === 'RECOVERED')
      throw conflict(
        'ABANDONED_CHECKOUT_RECOVERED',
        'This checkout became an order; there is nothing to recover',
        {
          id,
        },
      );
    const last = r.activities.findLast((a) => a.type === 'EMAIL_SENT');
    const now = ctx.clock.now().getTime();
    if (last && now - Date.parse(last.createdDate) < RESEND_AFTER_MS)
      throw conflict('RECOVERY_EMAIL_RECENT', 'A recovery e-mail was sent less than an hour ago', {
        id,
        sentDate: last.createdDate,
      });
    return send(tx, r);
  });
  return toWire(ctx, row);
}
