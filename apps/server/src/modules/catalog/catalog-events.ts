import type { Ctx } from '../../platform/context.ts';
import { emitEvent } from '../../platform/events.ts';
import { STORES_APP_ID } from './lookup.ts';
import type { InventoryRow } from './store.ts';
import { CATEGORY_FQDN, INVENTORY_FQDN, toInventoryItem } from './wire.ts';

/**
 * The v3 domain events (catalog.md §12) that product writes cause besides the product's own: inventory items
 * created, changed or deleted with their variants, and products added to or removed from categories.
 */
export async function emitInventoryChanges(ctx: Ctx, before: InventoryRow[], after: InventoryRow[]) {
  for (const row of after) {
    const prev = before.find((b) => b.id === row.id);
    const item = toInventoryItem(row);
    if (!prev) {
      await emitEvent(ctx, {
        entityFqdn: INVENTORY_FQDN,
        slug: 'created',
        entityId: row.id,
        createdEvent: { entity: item },
      });
    } else if (prev.tracked !== row.tracked || Number(prev.quantity) !== Number(row.quantity)) {
      await emitEvent(ctx, {
        entityFqdn: INVENTORY_FQDN,
        slug: 'updated',
        entityId: row.id,
        updatedEvent: {
          currentEntity: item,
          modifiedFields: { trackQuantity: prev.tracked, quantity: prev.quantity },
        },
      });
    }
  }
  for (const gone of before.filter((b) => !after.some((a) => a.id === b.id))) {
    await emitEvent(ctx, {
      entityFqdn: INVENTORY_FQDN,
      slug: 'deleted',
      entityId: gone.id,
      deletedEvent: { deletedEntity: toInventoryItem(gone) },
    });
  }
}

const itemRef = (productId: string) => ({ catalogItemId: productId, appId: STORES_APP_ID });
const treeReference = { appNamespace: '@wix/stores', treeKey: null };

export async function emitCategoryItemChanges(
  ctx: Ctx,
  productId: string,
  before: string[],
  after: string[],
) {
  for (const categoryId of after.filter((c) => !before.includes(c))) {
    await emitEvent(ctx, {
      entityFqdn: CATEGORY_FQDN,
      slug: 'item_added_to_category',
      entityId: categoryId,
      actionEvent: { body: { categoryId, addedItem: itemRef(productId), treeReference } },
    });
  }
  for (const categoryId of before.filter((c) => !after.includes(c))) {
    await emitEvent(ctx, {
      entityFqdn: CATEGORY_FQDN,
      slug: 'item_removed_from_category',
      entityId: categoryId,
      actionEvent: { body: { categoryId, removedItem: itemRef(productId), treeReference } },
    });
  }
}
