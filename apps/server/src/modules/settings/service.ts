import { ENTITY_FQDN, withAddressLine } from '@vitrine/contract';
import type { ManualPaymentMethodInput, StoreSettings } from '@vitrine/contract';
import { bumpConfigRevision, configCache } from '../../platform/config-cache.ts';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction, type Executor } from '../../platform/db/tx.ts';
import { conflict, violation } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { applyFieldMask } from '../../platform/field-mask.ts';
import { newId } from '../../platform/ids.ts';
import type { StoreSettings as PricingStoreSettings } from '../pricing/index.ts';
import { readSettings, writeSettings } from './store.ts';

export const SETTINGS_FQDN = ENTITY_FQDN.storeSettings;
const EDITABLE = [
  'storeName',
  'currency',
  'locale',
  'contactEmail',
  'businessAddress',
  'memberApprovalRequired',
  'weightUnit',
  'taxIncludedInPrices',
  'shippingTaxable',
  'taxOrigin',
  'captureOnFulfillment',
  'authorizationVoidDays',
  'abandonedCheckoutEmails',
  'manualPaymentMethods',
  'manualPaymentCancelDays',
] as const;

const NULLABLE: ReadonlySet<string> = new Set([
  'contactEmail',
  'businessAddress',
  'taxOrigin',
  'manualPaymentCancelDays',
]);
type Editable = Partial<Omit<StoreSettings, 'updatedDate' | 'revision'>>;

/**
 * Manual payment methods as stored: a new one (no `id`) gets one; names must differ (the buyer
 * tells them apart by name), ignoring case, and so must the ids given.
 */
function withMethodIds(settings: SettingsPatch['settings']): Editable {
  const { manualPaymentMethods: methods, ...rest } = settings;
  if (methods === undefined) return rest;
  const names = new Set<string>();
  const ids = new Set<string>();
  methods.forEach((m, i) => {
    const at = `settings.manualPaymentMethods[${i}]`;
    const name = m.name.toLocaleLowerCase();
    if (names.has(name)) throw violation(`${at}.name`, 'is already the name of another method', 'VALIDATION');
    // The checkout names a method by its id: one id, one method.
    if (m.id !== undefined && ids.has(m.id))
      throw violation(`${at}.id`, 'is already the id of another method', 'VALIDATION');
    names.add(name);
    if (m.id !== undefined) ids.add(m.id);
  });
  return { ...rest, manualPaymentMethods: methods.map((m) => ({ ...m, id: m.id ?? newId() })) };
}

/**
 * The settings every path of the mask names. Each setting is a single value, so a path must be one
 * of them exactly; a masked setting left out of `settings` is cleared, which only a nullable one can be.
 */
function maskedSettings(patch: SettingsPatch): Editable {
  const settings = withMethodIds(patch.settings);
  if (patch.fieldMask === undefined || patch.fieldMask.trim() === '') return settings;
  const out: Record<string, unknown> = { ...settings };
  for (const path of patch.fieldMask
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    if (!(EDITABLE as readonly string[]).includes(path))
      throw violation('fieldMask', `${path} cannot be updated`, 'FIELD_NOT_ALLOWED', { path });
    if (out[path] !== undefined) continue;
    if (!NULLABLE.has(path))
      throw violation(
        `settings.${path}`,
        'is required: the field mask names it and it cannot be cleared',
        'REQUIRED_FIELD',
      );
    out[path] = null;
  }
  return out as Editable;
}

export const getSettings = (ctx: Ctx) => readSettings(ctx.db);

const cache = configCache((db) => readSettings(db));
/**
 * The settings at a configuration revision the caller read beside something else (one statement
 * fewer than getSettings): from this process's cache while the revision has not moved.
 */
export const settingsAt = (ctx: Pick<Ctx, 'db'>, revision: number) => cache.get(ctx.db, revision);

/** `NY` with country `US` is stored as `US-NY`; a full code must belong to the country. */
function withFullSubdivision<P extends { country: string; subdivision?: string }>(
  field: string,
  place: P,
): P {
  if (!place.subdivision) return place;
  const full = place.subdivision.includes('-') ? place.subdivision : `${place.country}-${place.subdivision}`;
  if (!full.startsWith(`${place.country}-`)) {
    throw violation(
      `settings.${field}.subdivision`,
      `${place.subdivision} is not a subdivision of ${place.country}`,
      'VALIDATION',
      { country: place.country },
    );
  }
  return { ...place, subdivision: full };
}

function normalizePlaces(settings: Editable): Editable {
  const { taxOrigin, businessAddress } = settings;
  return {
    ...settings,
    ...(taxOrigin ? { taxOrigin: withFullSubdivision('taxOrigin', taxOrigin) } : {}),
    // The street line from street name and number also when the caller is not the HTTP API (demo data).
    ...(businessAddress
      ? { businessAddress: withAddressLine(withFullSubdivision('businessAddress', businessAddress)) }
      : {}),
  };
}

/** What the checkout calculator needs from the settings, plus how to format and weigh. */
export async function pricingStoreSettings(
  db: Executor,
): Promise<PricingStoreSettings & { locale: string; weightUnit: 'KG' | 'LB' }> {
  const s = await readSettings(db);
  return {
    currency: s.currency,
    pricesIncludeTax: s.taxIncludedInPrices,
    shippingTaxable: s.shippingTaxable,
    ...(s.taxOrigin
      ? {
          origin: {
            country: s.taxOrigin.country,
            ...(s.taxOrigin.subdivision ? { subdivision: s.taxOrigin.subdivision } : {}),
          },
        }
      : {}),
    locale: s.locale,
    weightUnit: s.weightUnit,
  };
}

/** How shop orders are paid by card: captured at once, or authorized and captured on fulfilment. */
export interface CaptureSettings {
  onFulfillment: boolean;
  voidAfterDays: number;
}
export async function captureSettings(db: Executor): Promise<CaptureSettings> {
  const s = await readSettings(db);
  return { onFulfillment: s.captureOnFulfillment, voidAfterDays: s.authorizationVoidDays };
}

export interface SettingsPatch {
  settings: Partial<Omit<StoreSettings, 'updatedDate' | 'revision' | 'manualPaymentMethods'>> & {
    manualPaymentMethods?: ManualPaymentMethodInput[];
  };
  fieldMask?: string;
  revision?: string;
}

/** Updates the settings the mask names (or the patch sets), under a row lock; emits `store_settings_updated`. */
export async function updateSettings(ctx: Ctx, patch: SettingsPatch): Promise<StoreSettings> {
  const settings = normalizePlaces(maskedSettings(patch));
  return inTransaction(ctx, async (tx) => {
    const current = await readSettings(tx.db, true);
    if (patch.revision !== undefined && BigInt(patch.revision) !== BigInt(current.revision)) {
      throw conflict('REVISION_MISMATCH', 'The settings were changed by someone else; reload and try again', {
        expected: patch.revision,
        actual: current.revision,
      });
    }
    const { next, modifiedFields } = applyFieldMask(current, settings, patch.fieldMask, EDITABLE);
    if (Object.keys(modifiedFields).length === 0) return current;
    const saved = await writeSettings(tx.db, next, tx.clock.now());
    await bumpConfigRevision(tx.db);
    await emitEvent(tx, {
      entityFqdn: SETTINGS_FQDN,
      slug: 'updated',
      entityId: 'store',
      updatedEvent: { currentEntity: saved, modifiedFields },
    });
    return saved;
  });
}
