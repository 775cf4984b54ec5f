/** A reset or activation link that no longer works, as the server's link-status names it. */
export type DeadLinkStatus = 'EXPIRED' | 'USED' | 'UNKNOWN';

/** What the hosted pages and the storefront say about a dead reset link: one wording for both. */
export const DEAD_LINK_WORDS: Record<DeadLinkStatus, { title: string; why: string }> = {
  EXPIRED: {
    title: 'This link has expired',
    why: 'Links to choose a new password work for a limited time, and this one is past it.',
  },
  USED: {
    title: 'This link was already used',
    why: 'Each link works once, and a newer link replaces the ones before it.',
  },
  UNKNOWN: {
    title: 'This link does not work',
    why: 'It may have been cut short when it was copied. Enter your e-mail and we will send a new one.',
  },
};
