/**
 * The review-request e-mail and its signed link (HS256, 60 days): the buyer opens a form for the
 * order's products without signing in; each item is reviewed once through it (README).
 */
import type { ReviewContentInput } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { escapeHtml as esc, mailDocument } from '../../platform/mail-layout.ts';
import { queueMail } from '../../platform/mail.ts';
import { signedLinks } from '../../platform/signed-links.ts';
import { productSummaries } from '../catalog/index.ts';
import { getMember } from '../members/index.ts';
import { readOrderForSystem } from '../orders/index.ts';
import { getSettings } from '../settings/index.ts';
import type { Author } from './authors.ts';
import { findRequest, type RequestRow } from './request-store.ts';
import { changeRequest, SEND_REQUEST_JOB } from './requests.ts';
import { createReview } from './service.ts';
import { findByAuthor, linkSecret } from './store.ts';

export const LINK_TTL_DAYS = 60;
const TYP = 'vitrine-review-link+jwt';
const links = signedLinks({ typ: TYP, ttlSeconds: LINK_TTL_DAYS * 86_400, secret: linkSecret });

export const linkToken = (ctx: Ctx, requestId: string) => links.sign(ctx, requestId);

const badLink = () =>
  new AppError(400, 'INVALID_REVIEW_LINK', 'This review link is not valid or has expired', {});

/** The SENT request a token names (tampered, expired, or of another store: 400 INVALID_REVIEW_LINK). */
async function requestOfToken(ctx: Ctx, token: string, lock = false): Promise<RequestRow> {
  const rid = await links.verify(ctx, token);
  const r = typeof rid === 'string' ? await findRequest(ctx.db, rid, lock) : undefined;
  if (!r || r.status !== 'SENT') throw badLink();
  return r;
}

/** The buyer as the author of the reviews written through the link. */
function authorOfRequest(r: RequestRow): Author {
  return {
    type: r.recipient_member_id ? 'MEMBER' : 'VISITOR',
    key: r.recipient_member_id ? `member:${r.recipient_member_id}` : `email:${r.recipient_email}`,
    contactId: r.recipient_contact_id,
    memberId: r.recipient_member_id,
    visitorId: null,
    name: r.recipient_name ?? 'Customer',
    email: r.recipient_email,
    origin: 'ORGANIC',
    appId: null,
  };
}

export async function openReviewLink(ctx: Ctx, token: string) {
  const r = await requestOfToken(ctx, token);
  if (!r.opened) {
    await inTransaction(ctx, async (tx) => {
      const locked = await findRequest(tx.db, r.id, true);
      if (locked && !locked.opened) await changeRequest(tx, locked, { opened: true });
    });
  }
  const products = new Map(
    (
      await productSummaries(
        ctx.db,
        r.items.map((i) => i.catalogItemId),
      )
    ).map((p) => [p.id, p]),
  );
  const author = authorOfRequest(r);
  const items = [];
  for (const i of r.items) {
    const p = products.get(i.catalogItemId);
    if (!p) continue;
    const earlier = i.reviewId
      ? undefined
      : await findByAuthor(ctx.db, r.namespace, i.catalogItemId, author.key);
    const reviewId = i.reviewId ?? earlier?.id;
    items.push({
      catalogItemId: i.catalogItemId,
      name: p.name,
      ...(p.imageUrl ? { imageUrl: p.imageUrl } : {}),
      ...(reviewId ? { reviewId } : {}),
    });
  }
  return { reviewRequestId: r.id, authorName: author.name ?? '', items };
}

/** A review of one of the request's items, by the buyer, verified; the request remembers it. */
export async function submitReviewLink(
  ctx: Ctx,
  token: string,
  catalogItemId: string,
  content: Omit<ReviewContentInput, 'media'>,
  ip: string | null,
) {
  const r = await requestOfToken(ctx, token);
  const item = r.items.find((i) => i.catalogItemId === catalogItemId.toLowerCase());
  if (!item)
    throw new AppError(404, 'ENTITY_NOT_FOUND', 'This item is not part of the order', { catalogItemId });
  // The link's holder writes as the buyer, with the shopper's moderation, not as the caller.
  const review = await createReview(
    { ...ctx, caller: { role: 'anonymous' } },
    { namespace: r.namespace, entityId: item.catalogItemId, content },
    { author: authorOfRequest(r), ip, verified: true },
  );
  await inTransaction(ctx, async (tx) => {
    const locked = await findRequest(tx.db, r.id, true);
    if (!locked) return;
    const items = locked.items.map((i) =>
      i.catalogItemId === item.catalogItemId ? { ...i, reviewId: review.id } : i,
    );
    await changeRequest(tx, locked, { items });
  });
  return { review };
}

/** At `sendDate`: e-mails the link (SENT), or ends the request FAILED / CANCELED with the reason. */
export const sendRequestJob: JobHandler<{ id: string }> = {
  name: SEND_REQUEST_JOB,
  maxAttempts: 5,
  async run(ctx, { id }, info) {
    try {
      await inTransaction(ctx, (tx) => sendRequest(tx, id));
    } catch (e) {
      if (!info.isLastAttempt) throw e;
      await inTransaction(ctx, async (tx) => {
        const r = await findRequest(tx.db, id, true);
        if (r?.status !== 'SCHEDULED') return;
        const message = e instanceof Error ? e.message.slice(0, 500) : 'could not queue the e-mail';
        await changeRequest(tx, r, {
          status: 'FAILED',
          failed_reason: 'ACTIVATION_FAILED',
          failed_message: message,
        });
      });
    }
  },
};

async function sendRequest(tx: Ctx, id: string): Promise<void> {
  const r = await findRequest(tx.db, id, true);
  if (!r || r.status !== 'SCHEDULED') return;
  if (r.send_at.getTime() > tx.clock.now().getTime()) return; // moved later: its own job comes
  const fail = (reason: string, message: string) =>
    changeRequest(tx, r, { status: 'FAILED', failed_reason: reason, failed_message: message });
  if (r.order_id) {
    const o = await readOrderForSystem(tx, r.order_id);
    if (!o || o.status === 'CANCELED' || o.paymentStatus === 'FULLY_REFUNDED') {
      await changeRequest(tx, r, { status: 'CANCELED' });
      return;
    }
  }
  if (r.recipient_member_id && !(await getMember(tx, r.recipient_member_id))) {
    await fail('SUBSCRIPTION_INACTIVE', 'The buyer no longer has an account');
    return;
  }
  if (!r.recipient_email) {
    await fail('SUBSCRIPTION_INACTIVE', 'The recipient has no e-mail address');
    return;
  }
  const s = await getSettings(tx);
  const link = `${tx.config.PUBLIC_URL}/review?token=${encodeURIComponent(await linkToken(tx, r.id))}`;
  const names = (
    await productSummaries(
      tx.db,
      r.items.map((i) => i.catalogItemId),
    )
  ).map((p) => p.name);
  const hello = r.recipient_name ? `Hello ${r.recipient_name},` : 'Hello,';
  const list = names.map((n) => `- ${n}`).join('\n');
  const valid = `no sign-in needed; the link is valid for ${LINK_TTL_DAYS} days`;
  const subject = `${s.storeName}: how did you like your order?`;
  await queueMail(tx, {
    to: r.recipient_email,
    senderName: s.storeName,
    subject,
    text: `${hello}\n\nWe hope you enjoy what you bought:\n${list}\n\nTell other shoppers what you think (${valid}):\n${link}\n\n${s.storeName}`,
    // The store's mail layout (a whole document); the store's name closes it, as the text's does.
    html: mailDocument({
      storeName: s.storeName,
      title: subject,
      body:
        `<p>${esc(hello)}</p><p>We hope you enjoy what you bought:</p>` +
        `<ul>${names.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` +
        `<p><a href="${esc(link)}">Write a review</a> (${esc(valid)}).</p>`,
    }),
  });
  await changeRequest(tx, r, { status: 'SENT' });
}
