/**
 * The marketing feature's typed URLs: coupons, discount rules and gift cards. Each list's search,
 * page and open dialog are its query string (`?dialog=edit&id=…`).
 *
 *   marketingUrls.coupons.href({ dialog: 'new' })                 →  /marketing/coupons?dialog=new
 *   marketingUrls.giftCard.href({ id }, { dialog: 'edit' })       →  /marketing/gift-cards/<id>?dialog=edit
 */
import { param, route } from '../../app/url.ts';

export const LIST_DIALOGS = ['new', 'edit', 'delete'] as const;
export type ListDialog = (typeof LIST_DIALOGS)[number];
export const GIFT_CARD_DIALOGS = ['edit', 'delete'] as const;

const listSearch = {
  /** A code or name (coupons), a name (rules), starting with this. */
  q: param.text(),
  active: param.oneOf(['true', 'false']),
  cursor: param.token(),
  dialog: param.oneOf(LIST_DIALOGS),
  /** The item the dialog is about. */
  id: param.token(),
};

export const marketingUrls = {
  home: route('/marketing'),
  coupons: route('/marketing/coupons', listSearch),
  discounts: route('/marketing/discounts', listSearch),
  giftCards: route('/marketing/gift-cards', {
    status: param.oneOf(['enabled', 'disabled']),
    cursor: param.token(),
    dialog: param.oneOf(['new']),
  }),
  giftCard: route('/marketing/gift-cards/:id', { dialog: param.oneOf(GIFT_CARD_DIALOGS) }),
};
