/** Sending one delivery: the signed event POSTed through the fetch guard, and its outcome recorded. */
import http from 'node:http';
import https from 'node:https';
import type { WebhookAttempt, WebhookDeliveryStatus } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { toDomainEvent } from '../../platform/events.ts';
import { FetchRefused, guardedFetch } from '../../platform/guarded-fetch.ts';
import { backoffMs, type JobHandler } from '../../platform/jobs.ts';
import { signDelivery } from './keys.ts';
import { deliveryToSend, findDelivery, recordAttempt, type DeliveryRow } from './store.ts';
import { notSent, PAUSED } from './wire.ts';

export const DELIVER_WEBHOOK_JOB = 'webhooks.deliver';
/** Attempts before a delivery is FAILED: the job runner's backoff spreads them over about 34 minutes. */
export const MAX_ATTEMPTS = 12;
/** A receiver must answer within this. */
const TIMEOUT_MS = 10_000;
/** What is kept of the receiver's answer (characters), and read of it at most (bytes). */
const KEEP_BODY = 500;
const READ_BODY = 64 * 1024;

/**
 * Connections to receivers, kept between deliveries (a new TCP connection, and for https a TLS
 * handshake, each time cost most of a delivery: bench/README.md). An idle one closes after 4 s,
 * before the 5 s many servers keep one.
 */
const agentOptions = { keepAlive: true, maxSockets: 10, maxFreeSockets: 10, timeout: 4000 };
const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

/** POSTs `jwt` to `url`; what happened, in the delivery log's words. */
export async function post(
  ctx: Ctx,
  url: string,
  jwt: string,
  headers: Record<string, string>,
): Promise<WebhookAttempt & { ok: boolean }> {
  const started = Date.now();
  const date = ctx.clock.now().toISOString();
  const took = () => Math.round(Date.now() - started);
  try {
    const res = await guardedFetch(url, {
      method: 'POST',
      body: jwt,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'user-agent': 'Vitrine-Webhooks/1',
        ...headers,
      },
      maxBytes: READ_BODY,
      timeoutMs: TIMEOUT_MS,
      redirects: 'return',
      allow: ctx.config.FETCH_GUARD_ALLOW,
      agents,
    });
    let text = '';
    try {
      for await (const chunk of res.body) {
        text += String(chunk);
        if (text.length >= KEEP_BODY) break;
      }
    } catch {
      // An answer cut short or too long still has its status; the body is only shown.
    } finally {
      res.body.destroy();
    }
    const ok = res.status >= 200 && res.status < 300;
    return {
      ok,
      statusCode: res.status,
      error: ok ? null : `The receiver answered ${res.status}`,
      durationMs: took(),
      date,
      responseBody: text ? text.slice(0, KEEP_BODY) : null,
    };
  } catch (e) {
    const error =
      e instanceof FetchRefused
        ? e.message
        : `Could not reach the receiver: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`;
    return { ok: false, statusCode: null, error, durationMs: took(), date, responseBody: null };
  }
}

/**
 * One attempt at delivery `id`: reads it with its webhook and event, sends, records. `final`: no
 * attempt follows a failure (the job's last one, or one by hand), so a failure is FAILED rather
 * than PENDING. Undefined when the delivery or its webhook is gone.
 */
export async function attempt(
  ctx: Ctx,
  id: string,
  o: { final: boolean; byHand?: boolean; jobAttempt?: number; onlyPending?: boolean },
): Promise<{ delivery: DeliveryRow; ok: boolean } | undefined> {
  const found = await deliveryToSend(ctx.db, id);
  if (!found || (o.onlyPending && found.status !== 'PENDING')) return undefined;
  const { url, webhook_status: webhookStatus, event, ...d } = found;
  const now = () => ctx.clock.now();
  const end = async (a: WebhookAttempt, status: WebhookDeliveryStatus, ok: boolean) => {
    const next =
      status === 'PENDING' ? new Date(now().getTime() + backoffMs(o.jobAttempt ?? d.attempts + 1)) : null;
    const delivery = await recordAttempt(ctx.db, d.id, {
      status,
      attempt: a,
      nextAttemptAt: next,
      now: now(),
      ...(o.byHand ? { maxAttempts: d.attempts + 1 } : {}),
      onlyIfPending: !o.byHand,
    });
    // Not recorded: paused or delivered by hand meanwhile, or deleted; that outcome stands.
    return { delivery: delivery ?? (await findDelivery(ctx.db, d.id)) ?? { ...d, status: 'FAILED' }, ok };
  };
  if (!event)
    return end(notSent('The event is no longer kept (EVENT_RETENTION_DAYS)', now()), 'FAILED', false);
  if (webhookStatus !== 'ACTIVE' && !o.byHand) return end(notSent(PAUSED, now()), 'FAILED', false);
  const { identity, eventType, ...rest } = toDomainEvent({
    ...(event as Parameters<typeof toDomainEvent>[0]),
    created_at: new Date(event.created_at as string),
  });
  const jwt = await signDelivery(ctx, { eventType, identity, event: rest });
  const a = await post(ctx, url, jwt, {
    'x-vitrine-delivery-id': d.id,
    'x-vitrine-event-id': d.event_id,
    'x-vitrine-event-type': d.event_type,
  });
  const { ok, ...outcome } = a;
  return end(outcome, ok ? 'DELIVERED' : o.final ? 'FAILED' : 'PENDING', ok);
}

/** The job of one delivery, retried with the runner's backoff until it is DELIVERED or FAILED. */
export const deliverJob: JobHandler<{ deliveryId: string }> = {
  name: DELIVER_WEBHOOK_JOB,
  maxAttempts: MAX_ATTEMPTS,
  timeoutMs: TIMEOUT_MS + 5_000,
  async run(ctx, { deliveryId }, info) {
    // Nothing to do for one delivered by hand or paused meanwhile, or whose webhook is gone.
    const done = await attempt(ctx, deliveryId, {
      final: info.isLastAttempt,
      jobAttempt: info.attempt,
      onlyPending: true,
    });
    if (!done) return;
    const { ok, delivery } = done;
    // A failure the runner should try again: it waits backoffMs(attempt), as nextAttemptDate says.
    if (!ok && delivery.status === 'PENDING')
      throw new Error(delivery.last_attempt?.error ?? 'the webhook delivery failed');
  },
};
