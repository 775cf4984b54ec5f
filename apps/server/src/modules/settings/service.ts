import type { StoreSettings } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { conflict } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { applyFieldMask } from '../../platform/field-mask.ts';
import { readSettings, writeSettings } from './store.ts';

export const SETTINGS_FQDN = 'vitrine.platform.v1.store_settings';
const EDITABLE = ['storeName', 'currency', 'locale', 'contactEmail', 'memberApprovalRequired', 'weightUnit'] as const;

export const getSettings = (ctx: Ctx) => readSettings(ctx.db);

export interface SettingsPatch { settings: Partial<Omit<StoreSettings, 'updatedDate' | 'revision'>>; fieldMask?: string; revision?: string }

/** Updates the settings the mask names (or the patch sets), under a row lock; emits `store_settings_updated`. */
export function updateSettings(ctx: Ctx, patch: SettingsPatch): Promise<StoreSettings> {
  return inTransaction(ctx, async (tx) => {
    const current = await readSettings(tx.db, true);
    if (patch.revision !== undefined && patch.revision !== current.revision) {
      throw conflict('REVISION_MISMATCH', 'The settings were changed by someone else; reload and try again', { expected: patch.revision, actual: current.revision });
    }
    const { next, modifiedFields } = applyFieldMask(current, patch.settings, patch.fieldMask, EDITABLE);
    if (Object.keys(modifiedFields).length === 0) return current;
    const saved = await writeSettings(tx.db, next, tx.clock.now());
    await emitEvent(tx, { entityFqdn: SETTINGS_FQDN, slug: 'updated', entityId: 'store', updatedEvent: { currentEntity: saved, modifiedFields } });
    return saved;
  });
}
