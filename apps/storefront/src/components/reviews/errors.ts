import { describeError } from '../../errors.ts';

/** The platform error code of a failed call, if any (duck-typed: the SDK's error class is not imported). */
export const codeOf = (e: unknown): string | undefined => {
  const code = (e as { details?: { applicationError?: { code?: unknown } } } | null)?.details
    ?.applicationError?.code;
  return code === undefined ? undefined : String(code);
};

const MESSAGES: Record<string, string> = {
  REVIEW_ALREADY_EXISTS: 'You already reviewed this product.',
  MEMBER_MUTED: 'Your account cannot post reviews at the moment.',
  TOO_MANY_REQUESTS: 'You have written many reviews in a short time. Please try again later.',
  ENTITY_NOT_FOUND: 'This product is no longer sold, so it cannot be reviewed.',
  UPLOAD_QUOTA_EXCEEDED:
    'You have uploaded as many photos as you can today. Send your review without more photos, or try again tomorrow.',
  FILE_TOO_LARGE: 'That photo is too large.',
  CONTENT_TYPE_MISMATCH: 'That file is not a picture we can use (JPEG, PNG, WebP, GIF, AVIF or HEIC).',
  FILE_NOT_FOUND: 'One of your photos is gone. Remove it and add it again.',
  REVISION_MISMATCH: 'Your review changed since this page was opened. Reload the page and try again.',
  REVIEW_NOT_FOUND: 'This review no longer exists. Reload the page.',
};

/** A sentence for a failed review call. */
export const reviewError = (e: unknown): string => MESSAGES[codeOf(e) ?? ''] ?? describeError(e);

export const BAD_LINK = 'This review link has expired or is not valid.';

/** A sentence for a failed call of a review-request link: a link refused (400 `INVALID_REVIEW_LINK`, or any other refusal without words of its own) says so. */
export function linkError(e: unknown): string {
  const code = codeOf(e) ?? '';
  if (code === 'INVALID_REVIEW_LINK') return BAD_LINK;
  if (MESSAGES[code]) return MESSAGES[code];
  const status = (e as { status?: number } | null)?.status;
  return status !== undefined && status >= 400 && status < 500 && status !== 429
    ? BAD_LINK
    : describeError(e);
}

const LABELS: Record<string, string> = {
  rating: 'The rating',
  title: 'The title',
  body: 'The review',
  name: 'Your name',
  email: 'The e-mail address',
};

/** Field violations of a failed call, by the last part of their path (`content.title` → `title`). */
export function fieldErrors(e: unknown): Record<string, string> {
  const list =
    (
      e as {
        details?: { validationError?: { fieldViolations?: { field: string; description: string }[] } };
      } | null
    )?.details?.validationError?.fieldViolations ?? [];
  const out: Record<string, string> = {};
  for (const v of list) {
    const key = /(?:^|\.)(rating|title|body|name|authorName|email)$/.exec(v.field)?.[1];
    if (!key) continue;
    const field = key === 'authorName' ? 'name' : key;
    out[field] = `${LABELS[field]} ${v.description.replace(/\.$/, '')}.`;
  }
  return out;
}
