/**
 * The settings feature's typed URLs (owners only): one page per group, each page's open dialog
 * (`?dialog=edit-region&id=…`) and the outbox's, job queue's and deliveries' filters in the query string.
 *
 *   settingsUrls.shipping.href({ dialog: 'new-region' })   →  /settings/shipping?dialog=new-region
 *   settingsUrls.mail.href({ status: 'FAILED' })            →  /settings/mail?status=FAILED
 *   settingsUrls.webhook.href({ webhookId }, { status: 'FAILED' })  →  /settings/webhooks/<id>?status=FAILED
 */
import { JOB_STATUSES, MAIL_STATUSES, WEBHOOK_DELIVERY_STATUSES } from '@vitrine/sdk';
import { param, route } from '../../app/url.ts';

const withDialog = <const D extends string>(dialogs: readonly D[]) => ({
  dialog: param.oneOf(dialogs),
  /** The item the dialog is about. */
  id: param.token(),
});

export const SHIPPING_DIALOGS = [
  'new-region',
  'edit-region',
  'delete-region',
  'new-pickup',
  'edit-pickup',
  'delete-pickup',
] as const;
export const TAX_DIALOGS = [
  'new-rate',
  'edit-rate',
  'delete-rate',
  'new-fee',
  'edit-fee',
  'delete-fee',
] as const;
export const PAYMENTS_DIALOGS = ['new-method', 'edit-method', 'remove-method'] as const;
export const APPS_DIALOGS = ['new-client', 'edit-client', 'delete-client', 'revoke-key'] as const;
export const STAFF_DIALOGS = ['role', 'remove'] as const;
export const WEBHOOKS_DIALOGS = ['new-webhook', 'edit-webhook', 'delete-webhook'] as const;
/** On a webhook's page: its own dialogs, and one delivery's details (`id`: the delivery). */
export const WEBHOOK_DIALOGS = ['edit-webhook', 'delete-webhook', 'delivery'] as const;

export const settingsUrls = {
  general: route('/settings'),
  /** The manual payment methods the checkout offers beside the card. */
  payments: route('/settings/payments', withDialog(PAYMENTS_DIALOGS)),
  shipping: route('/settings/shipping', withDialog(SHIPPING_DIALOGS)),
  tax: route('/settings/tax', withDialog(TAX_DIALOGS)),
  reviews: route('/settings/reviews'),
  apps: route('/settings/apps', withDialog(APPS_DIALOGS)),
  staff: route('/settings/staff', withDialog(STAFF_DIALOGS)),
  mail: route('/settings/mail', {
    status: param.oneOf(MAIL_STATUSES),
    to: param.text(),
    cursor: param.token(),
  }),
  jobs: route('/settings/jobs', { status: param.oneOf(JOB_STATUSES), cursor: param.token() }),
  webhooks: route('/settings/webhooks', withDialog(WEBHOOKS_DIALOGS)),
  /** One webhook and its deliveries (newest first, by status; more pages are loaded below). */
  webhook: route('/settings/webhooks/:webhookId', {
    status: param.oneOf(WEBHOOK_DELIVERY_STATUSES),
    ...withDialog(WEBHOOK_DIALOGS),
  }),
};
