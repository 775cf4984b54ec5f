/** The signed-in staff member's own account: `/dashboard/account`. */
import { route } from '../../app/url.ts';

export const accountUrls = {
  account: route('/account'),
};
