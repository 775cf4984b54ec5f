import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FieldSpec } from '../../platform/query/spec.ts';
import type { AggSpec } from './aggregations.ts';

/**
 * Product fields beyond the basic columns, as SQL on a `catalog_product` row, for filters (store.ts
 * `productSpec`) and aggregations (`productAggSpec`): options and their choices, the (never used)
 * modifiers, categories, compare-at prices and variants. Arrays hold distinct values and are null when
 * empty, so `$exists` (and `$isEmpty`, see product-filter.ts) tell products without any. A visitor's
 * choices are those a visible variant uses, as on the wire (wire.ts); the admin's are all of them.
 */
const P = 'catalog_product';
const arrayOf = (select: string) => `nullif(array(${select}), '{}')`;
const optionsOf = `jsonb_array_elements(${P}.options) o`;
/** The variants a reader sees (`v`), with `join` (e.g. their choices, `c`). */
const variantsOf = (admin: boolean, join = '') =>
  `catalog_variant v${join} where v.product_id = ${P}.id${admin ? '' : ' and v.visible'}`;
const WITH_CHOICES = ' cross join lateral jsonb_array_elements(v.choices) c';
/** A product's choices (`o` the option, `ch` the choice) as a reader sees them. */
const choicesOf = (admin: boolean) =>
  `${optionsOf} cross join lateral jsonb_array_elements(o->'choices') ch` +
  (admin
    ? ''
    : ` where exists (select 1 from catalog_variant v where v.product_id = ${P}.id and v.visible
      and v.choices @> jsonb_build_array(jsonb_build_object('optionId', o->'id', 'choiceId', ch->'choiceId')))`);

export const categoriesOf = arrayOf(
  `select pc.category_id::text from catalog_product_category pc where pc.product_id = ${P}.id`,
);
const NONE = 'null::text[]';

/** The array fields `$isEmpty` applies to (product-filter.ts). */
export const ARRAY_FIELDS = [
  'options.id',
  'options.name',
  'options.choicesSettings.choices.choiceId',
  'options.choicesSettings.choices.name',
  'modifiers.id',
  'modifiers.name',
  'modifiers.choicesSettings.choices.choiceId',
  'modifiers.choicesSettings.choices.name',
  'allCategoriesInfo.categories.id',
  'directCategoriesInfo.categories.id',
] as const;

function optionArrays(admin: boolean): Record<string, string> {
  return {
    'options.id': arrayOf(`select distinct o->>'id' from ${optionsOf}`),
    'options.name': arrayOf(`select distinct o->>'name' from ${optionsOf}`),
    'options.choicesSettings.choices.choiceId': admin
      ? arrayOf(`select distinct ch->>'choiceId' from ${choicesOf(true)}`)
      : arrayOf(`select distinct c->>'choiceId' from ${variantsOf(false, WITH_CHOICES)}`),
    'options.choicesSettings.choices.name': arrayOf(`select distinct ch->>'name' from ${choicesOf(admin)}`),
    'modifiers.id': NONE,
    'modifiers.name': NONE,
    'modifiers.choicesSettings.choices.choiceId': NONE,
    'modifiers.choicesSettings.choices.name': NONE,
  };
}

/** Compare-at prices of the variants priced on the wire (visible ones, or all when none is). */
const compareAt = (fn: 'min' | 'max', major: (col: string) => string) =>
  major(`coalesce((select ${fn}(coalesce(v.compare_at_price, v.price)) from catalog_variant v
    where v.product_id = ${P}.id and (v.visible or not exists (
      select 1 from catalog_variant w where w.product_id = ${P}.id and w.visible))), 0)`);

/**
 * `variantsInfo.variants` with `$matchItems`: a product matches when one of its variants (a visitor's:
 * a visible one) satisfies every condition, on the variant's wire fields. Barcodes are not kept (null).
 */
function variantItems(admin: boolean, major: (col: string) => string): FieldSpec {
  const choices = (key: string) =>
    `nullif(array(select c->>'${key}' from jsonb_array_elements(v.choices) c), '{}')`;
  const from = sql.raw(variantsOf(admin));
  return {
    sql: 'null',
    type: 'items',
    items: {
      fields: {
        id: { sql: 'v.id', type: 'uuid' },
        _id: { sql: 'v.id', type: 'uuid' },
        sku: { sql: 'v.sku', type: 'string' },
        barcode: { sql: 'null::text', type: 'string' },
        visible: { sql: 'v.visible', type: 'boolean' },
        'price.actualPrice.amount': { sql: major('v.price'), type: 'number' },
        'price.compareAtPrice.amount': { sql: major('v.compare_at_price'), type: 'number' },
        'choices.optionChoiceIds.optionId': { sql: choices('optionId'), type: 'stringArray' },
        'choices.optionChoiceIds.choiceId': { sql: choices('choiceId'), type: 'stringArray' },
      },
      some: (cond: RawBuilder<SqlBool>) => sql<SqlBool>`exists (select 1 from ${from} and ${cond})`,
    },
  };
}

/** Filter fields added to `productSpec`. */
export function productFilterFields(
  admin: boolean,
  major: (col: string) => string,
): Record<string, FieldSpec> {
  const arrays = Object.entries(optionArrays(admin)).map(([k, s]) => [k, { sql: s, type: 'stringArray' }]);
  return {
    ...(Object.fromEntries(arrays) as Record<string, FieldSpec>),
    'variantsInfo.variants': variantItems(admin, major),
    visibleInPos: { sql: `${P}.visible`, type: 'boolean', sortable: true },
    importId: { sql: 'null::text', type: 'string' },
    'inventory.preorderStatus': {
      sql: `'DISABLED'::text`,
      type: 'string',
      values: ['ENABLED', 'DISABLED', 'PARTIALLY_ENABLED'],
    },
    'inventory.preorderAvailability': {
      sql: `'NO_VARIANTS'::text`,
      type: 'string',
      values: ['ALL_VARIANTS', 'NO_VARIANTS', 'SOME_VARIANTS'],
    },
    'compareAtPriceRange.minValue.amount': { sql: compareAt('min', major), type: 'number', sortable: true },
    'compareAtPriceRange.maxValue.amount': { sql: compareAt('max', major), type: 'number', sortable: true },
  };
}

/**
 * What a product search can aggregate: the SDK's `V3ProductSearchSpec.aggregatable` paths this catalog
 * keeps (no brand or ribbon ids, info sections, tax groups, subscriptions, fulfillers).
 */
export function productAggSpec(
  fields: Record<string, FieldSpec>,
  admin: boolean,
  major: (col: string) => string,
): AggSpec {
  const same = (path: string, type: AggSpec[string]['type']) => ({ sql: fields[path]!.sql, type });
  const variants = (expr: string, type: AggSpec[string]['type'], where = '', join = '') => ({
    sql: arrayOf(`select distinct ${expr} from ${variantsOf(admin, join)}${where}`),
    type,
    array: true,
  });
  const spec: AggSpec = {
    id: same('id', 'string'),
    name: same('name', 'string'),
    slug: same('slug', 'string'),
    handle: same('handle', 'string'),
    createdDate: same('createdDate', 'date'),
    updatedDate: same('updatedDate', 'date'),
    visible: same('visible', 'boolean'),
    visibleInPos: same('visibleInPos', 'boolean'),
    productType: same('productType', 'string'),
    importId: same('importId', 'string'),
    'brand.name': same('brand.name', 'string'),
    'ribbon.name': same('ribbon.name', 'string'),
    'inventory.availabilityStatus': same('inventory.availabilityStatus', 'string'),
    'inventory.preorderStatus': same('inventory.preorderStatus', 'string'),
    'inventory.preorderAvailability': same('inventory.preorderAvailability', 'string'),
    'variantsInfo.variants.sku': variants('v.sku', 'string', ' and v.sku is not null'),
    'variantsInfo.variants.visible': variants('v.visible', 'boolean'),
    'variantsInfo.variants.price.actualPrice.amount': variants(major('v.price'), 'number'),
    'variantsInfo.variants.price.compareAtPrice.amount': variants(
      major('v.compare_at_price'),
      'number',
      ' and v.compare_at_price is not null',
    ),
    'variantsInfo.variants.choices.optionChoiceIds.optionId': variants(
      `c->>'optionId'`,
      'string',
      '',
      WITH_CHOICES,
    ),
    'variantsInfo.variants.choices.optionChoiceIds.choiceId': variants(
      `c->>'choiceId'`,
      'string',
      '',
      WITH_CHOICES,
    ),
    tags: { sql: fields.tags!.sql, type: 'string', array: true },
  };
  for (const path of [
    'actualPriceRange.minValue.amount',
    'actualPriceRange.maxValue.amount',
    'compareAtPriceRange.minValue.amount',
    'compareAtPriceRange.maxValue.amount',
  ])
    spec[path] = same(path, 'number');
  for (const path of ARRAY_FIELDS) spec[path] = { ...same(path, 'string'), array: true };
  return spec;
}
