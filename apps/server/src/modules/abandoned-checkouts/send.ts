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
import { addActivity, findAbandoned, type AbandonedRow, type Activity } from './store.ts';
import { abandonedNotFound, emitAbandonedEvent, toWire } from './wire.ts';

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
  return noteActivity(ctx, row.id, 'EMAIL_SENT');
}

/** Appends an activity to a row the caller's transaction holds, with its `updated` event. */
export async function noteActivity(ctx: Ctx, id: string, type: Activity['type']): Promise<AbandonedRow> {
  const now = ctx.clock.now();
  const row = (await addActivity(ctx.db, id, { createdDate: now.toISOString(), type }, now))!;
  await emitAbandonedEvent(ctx, row, 'updated');
  return row;
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
        await noteActivity(tx, row.id, 'AUTOMATION_SKIPPED');
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
