/**
 * The customers feature's typed URLs: members (search, status, page) and one member (its open
 * dialog), back-in-stock requests per item and one item's requests.
 *
 *   customersUrls.members.href({ status: 'BLOCKED', q: 'ada' })   →  /customers?q=ada&status=BLOCKED
 *   customersUrls.member.href({ id }, { dialog: 'block' })         →  /customers/<id>?dialog=block
 *   customersUrls.backInStockItem.href({ productId })              →  /customers/back-in-stock/<productId>
 */
import { MEMBER_SORTS, MEMBER_STATUSES } from '@vitrine/sdk';
import { param, route } from '../../app/url.ts';
import { pageParam } from '../../kit/params.ts';

export const MEMBER_DIALOGS = ['block', 'delete'] as const;
export const REQUEST_STATES = ['waiting', 'done', 'all'] as const;

export const customersUrls = {
  members: route('/customers', {
    /** Words starting the e-mail, first or last name, nickname. */
    q: param.text(),
    status: param.oneOf(MEMBER_STATUSES),
    muted: param.oneOf(['true', 'false']),
    sort: param.oneOf(MEMBER_SORTS),
    page: pageParam(),
  }),
  member: route('/customers/:id', { dialog: param.oneOf(MEMBER_DIALOGS) }),
  /** Items shoppers wait for (from the newest waiting requests; `cursor`: older ones). */
  backInStock: route('/customers/back-in-stock', { cursor: param.token() }),
  /** One item's requests (`state`: waiting by default). */
  backInStockItem: route('/customers/back-in-stock/:productId', {
    state: param.oneOf(REQUEST_STATES),
    cursor: param.token(),
    dialog: param.oneOf(['report']),
  }),
};
