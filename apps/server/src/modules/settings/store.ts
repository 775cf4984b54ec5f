import type { StoreSettings } from '@vitrine/contract';
import type { JSONColumnType, Selectable } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';

export interface SettingsTables {
  store_settings: {
    id: number;
    store_name: string;
    currency: string;
    locale: string;
    contact_email: string | null;
    business_address: JSONColumnType<StoreSettings['businessAddress'], string | null, string | null>;
    member_approval_required: boolean;
    weight_unit: 'KG' | 'LB';
    revision: number;
    updated_at: Date;
    tax_included_in_prices: boolean;
    shipping_taxable: boolean;
    tax_origin: JSONColumnType<StoreSettings['taxOrigin'], string | null, string | null>;
    capture_on_fulfillment: boolean;
    authorization_void_days: number;
    abandoned_checkout_emails: boolean;
    manual_payment_methods: JSONColumnType<StoreSettings['manualPaymentMethods'], string, string>;
    manual_payment_cancel_days: number | null;
  };
}
type Row = Selectable<SettingsTables['store_settings']>;

const toSettings = (r: Row): StoreSettings => ({
  storeName: r.store_name,
  currency: r.currency,
  locale: r.locale,
  contactEmail: r.contact_email,
  businessAddress: r.business_address,
  memberApprovalRequired: r.member_approval_required,
  weightUnit: r.weight_unit,
  taxIncludedInPrices: r.tax_included_in_prices,
  shippingTaxable: r.shipping_taxable,
  taxOrigin: r.tax_origin,
  captureOnFulfillment: r.capture_on_fulfillment,
  authorizationVoidDays: r.authorization_void_days,
  abandonedCheckoutEmails: r.abandoned_checkout_emails,
  manualPaymentMethods: r.manual_payment_methods,
  manualPaymentCancelDays: r.manual_payment_cancel_days,
  updatedDate: r.updated_at.toISOString(),
  revision: String(r.revision),
});

export async function readSettings(db: Executor, forUpdate = false): Promise<StoreSettings> {
  let q = db.selectFrom('store_settings').selectAll().where('id', '=', 1);
  if (forUpdate) q = q.forUpdate();
  return toSettings(await q.executeTakeFirstOrThrow());
}

export async function writeSettings(
  db: Executor,
  s: Omit<StoreSettings, 'updatedDate' | 'revision'>,
  now: Date,
): Promise<StoreSettings> {
  const row = await db
    .updateTable('store_settings')
    .set((eb) => ({
      store_name: s.storeName,
      currency: s.currency,
      locale: s.locale,
      contact_email: s.contactEmail,
      business_address: s.businessAddress === null ? null : JSON.stringify(s.businessAddress),
      member_approval_required: s.memberApprovalRequired,
      weight_unit: s.weightUnit,
      tax_included_in_prices: s.taxIncludedInPrices,
      shipping_taxable: s.shippingTaxable,
      tax_origin: s.taxOrigin === null ? null : JSON.stringify(s.taxOrigin),
      capture_on_fulfillment: s.captureOnFulfillment,
      authorization_void_days: s.authorizationVoidDays,
      abandoned_checkout_emails: s.abandonedCheckoutEmails,
      manual_payment_methods: JSON.stringify(s.manualPaymentMethods),
      manual_payment_cancel_days: s.manualPaymentCancelDays,
      revision: eb('revision', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', 1)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSettings(row);
}
