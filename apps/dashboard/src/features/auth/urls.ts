/** The sign-in pages' typed URLs (outside the signed-in shell). */
import { param, route } from '../../app/url.ts';

export const authUrls = {
  /** `next`: the in-app path to return to after signing in. */
  login: route('/login', { next: param.token() }),
  /** The first owner's setup link, `/dashboard/setup?token=…`, printed at the store's first start. */
  setup: route('/setup', { token: param.token() }),
  /** An invitation link, `/dashboard/invite?token=…` (from an owner's invitation). */
  invite: route('/invite', { token: param.token() }),
};

/** `next` if it is a path inside the dashboard, else Home (never another origin). */
export const safeNext = (next: string | undefined) =>
  next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
