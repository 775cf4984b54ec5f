/**
 * Webhooks and their deliveries in words: statuses, what a webhook receives, what a receiver
 * answered (the status code with its reason, how long it took, why it failed), and the API's
 * webhook errors as a merchant reads them.
 */
import type {
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookStatus,
} from '@vitrine/contract';
import { WEBHOOK_LIMITS } from '@vitrine/contract/webhook-rules';
import type { BadgeTone } from '@vitrine/ui';
import { describeError, type DescribedError } from '../../../app/errors.ts';

/** Webhooks per store. */
export const MAX_WEBHOOKS = WEBHOOK_LIMITS.webhooks;

export const webhookLabels: Record<WebhookStatus, [string, BadgeTone]> = {
  ACTIVE: ['Active', 'success'],
  PAUSED: ['Paused', 'warning'],
};

export const deliveryLabels: Record<WebhookDeliveryStatus, [string, BadgeTone]> = {
  PENDING: ['Pending', 'info'],
  DELIVERED: ['Delivered', 'success'],
  FAILED: ['Failed', 'danger'],
};

/** Where it sends, without the scheme: `shop.example.com/hooks`. */
export const shortUrl = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');

/** The webhook's name: its description, else where it sends. */
export const webhookName = (w: Pick<Webhook, 'description' | 'url'>) =>
  w.description.trim() || shortUrl(w.url);

/** One event type or pattern in words: "Every event", "Every order event" or the type itself. */
export function patternLabel(
  pattern: string,
  entities: readonly { entityFqdn: string; label: string }[] = [],
) {
  if (pattern === '*') return 'Every event';
  if (pattern.endsWith('_*')) {
    const fqdn = pattern.slice(0, -2);
    const entity = entities.find((e) => e.entityFqdn === fqdn);
    return entity ? `Every ${entity.label.toLowerCase()} event` : `Every event of ${fqdn}`;
  }
  return pattern;
}

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** "503 Service Unavailable". */
export const statusText = (code: number) => `${code}${REASONS[code] ? ` ${REASONS[code]}` : ''}`;

/** "12 ms", "1.4 s". */
export const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

export const answered = (a: WebhookAttempt) =>
  a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300;

/** What the receiver's answer means, in a sentence. */
export function attemptSummary(a: WebhookAttempt): string {
  if (a.statusCode === null) return `The receiver could not be reached (after ${duration(a.durationMs)}).`;
  if (answered(a)) return `The receiver answered ${statusText(a.statusCode)} in ${duration(a.durationMs)}.`;
  const redirect = a.statusCode >= 300 && a.statusCode < 400;
  return `The receiver answered ${statusText(a.statusCode)} after ${duration(a.durationMs)}${
    redirect ? ': redirects are not followed, give the final URL' : ''
  }.`;
}

/** Network errors the server reports by their system code, said plainly. */
const NETWORK: [RegExp, string][] = [
  [/ECONNREFUSED/, 'nothing accepted the connection at that address and port'],
  [/ECONNRESET|EPIPE|socket hang up/i, 'the receiver closed the connection before answering'],
  [/ENOTFOUND|EAI_AGAIN/, 'the host name does not resolve'],
  [/ETIMEDOUT|timed? ?out/i, 'the receiver took too long to answer'],
  [/CERT|SSL|TLS/, 'its HTTPS certificate was not accepted'],
];

/** The attempt's error, with what it means when it is a network failure. */
export function attemptError(a: WebhookAttempt): string | undefined {
  if (!a.error) return undefined;
  const meaning = NETWORK.find(([re]) => re.test(a.error!))?.[1];
  return meaning ? `${a.error} (${meaning})` : a.error;
}

/** The last attempt in a table cell: "503 Service Unavailable", "Not reached", "None yet". */
export const lastAnswer = (d: Pick<WebhookDelivery, 'lastAttempt'>) =>
  !d.lastAttempt
    ? 'None yet'
    : d.lastAttempt.statusCode === null
      ? 'Not reached'
      : statusText(d.lastAttempt.statusCode);

/** The API's webhook errors in words, with the field each is about. */
export function webhookError(e: unknown): DescribedError {
  const d = describeError(e);
  switch (d.code) {
    case 'WEBHOOK_URL_REFUSED':
      return {
        ...d,
        fields: { ...d.fields, url: d.message },
        message: `${d.message.replace(/\.$/, '')}. Give the public address of your receiver.`,
      };
    case 'WEBHOOKS_LIMIT_EXCEEDED':
      return {
        ...d,
        message: `A store has at most ${MAX_WEBHOOKS} webhooks: delete one you no longer use first.`,
      };
    case 'WEBHOOK_NOT_FOUND':
      return { ...d, message: 'This webhook no longer exists (it may have been deleted).' };
    case 'WEBHOOK_DELIVERY_NOT_FOUND':
      return { ...d, message: 'This delivery no longer exists (its webhook may have been deleted).' };
    default:
      return d;
  }
}

export const webhookErrorMessage = (e: unknown) => (e ? webhookError(e).message : undefined);
