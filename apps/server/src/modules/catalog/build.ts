import type { OptionInput, VariantInput } from '@vitrine/contract';
import { ValidationError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { toMinor } from '../../platform/money.ts';
import type { StoredOption, StoredVariantChoice } from './store.ts';
import { toGrams, type Money } from './wire.ts';

export interface BuiltVariant {
  id: string;
  sku: string | null;
  choices: StoredVariantChoice[];
  price: number;
  compareAt: number | null;
  weightGrams: number | null;
  visible: boolean;
  stock?: { tracked: boolean; quantity: number };
}

type Violations = ConstructorParameters<typeof ValidationError>[0];

/**
 * Options as stored. An option without an id takes the id of the catalog's option of the same name and render
 * type (`shared`, by lower-case name), and its choices the ids of that option's choices of the same name: so
 * options behave as shared customizations across products (catalog.md §6, `customizationsV3`).
 */
export function buildOptions(
  input: OptionInput[],
  v: Violations,
  shared: ReadonlyMap<string, StoredOption> = new Map(),
): StoredOption[] {
  const names = new Set<string>();
  const ids = new Set<string>();
  return input.map((o, i) => {
    if (names.has(o.name.toLowerCase()))
      v.push({
        field: `product.options.${i}.name`,
        description: 'duplicate option name',
        violatedRule: 'VALIDATION',
        data: { code: 'DUPLICATE_PRODUCT_OPTIONS' },
      });
    names.add(o.name.toLowerCase());
    const renderType = o.optionRenderType ?? 'TEXT_CHOICES';
    const like = shared.get(o.name.toLowerCase());
    const same = like && like.optionRenderType === renderType ? like : undefined;
    const id = o.id ?? same?.id ?? newId();
    if (ids.has(id))
      v.push({
        field: `product.options.${i}.id`,
        description: 'duplicate option id',
        violatedRule: 'VALIDATION',
        data: { code: 'DUPLICATE_PRODUCT_OPTIONS' },
      });
    ids.add(id);
    const choiceNames = new Set<string>();
    return {
      id,
      name: o.name,
      optionRenderType: renderType,
      choices: o.choicesSettings.choices.map((c, j) => {
        if (choiceNames.has(c.name.toLowerCase()))
          v.push({
            field: `product.options.${i}.choicesSettings.choices.${j}.name`,
            description: 'duplicate choice name',
            violatedRule: 'VALIDATION',
            data: {},
          });
        choiceNames.add(c.name.toLowerCase());
        const choiceId =
          c.choiceId ??
          same?.choices.find((x) => x.name.toLowerCase() === c.name.toLowerCase())?.choiceId ??
          newId();
        return {
          choiceId,
          name: c.name,
          choiceType: c.choiceType ?? 'CHOICE_TEXT',
          ...(c.colorCode ? { colorCode: c.colorCode } : {}),
        };
      }),
    };
  });
}

function minor(amount: string, m: Money, field: string, v: Violations): number {
  try {
    return toMinor(amount, m.currency);
  } catch (e) {
    v.push({
      field,
      description: (e as Error).message,
      violatedRule: 'DECIMAL_MAX_SCALE',
      data: { currency: m.currency },
    });
    return 0;
  }
}

/** Checks the variants against the options: each picks one choice of every option, no two alike. */
export function buildVariants(
  options: StoredOption[],
  input: VariantInput[],
  m: Money,
  v: Violations,
): BuiltVariant[] {
  const seen = new Set<string>();
  const skus = new Set<string>();
  return input.map((x, i) => {
    const at = `product.variantsInfo.variants.${i}`;
    const choices: StoredVariantChoice[] = [];
    for (const [j, c] of (x.choices ?? []).entries()) {
      const o = options.find((opt) =>
        c.optionChoiceIds
          ? opt.id === c.optionChoiceIds.optionId
          : opt.name.toLowerCase() === c.optionChoiceNames?.optionName.toLowerCase(),
      );
      const ch = o?.choices.find((cc) =>
        c.optionChoiceIds
          ? cc.choiceId === c.optionChoiceIds.choiceId
          : cc.name.toLowerCase() === c.optionChoiceNames?.choiceName.toLowerCase(),
      );
      if (!o || !ch) {
        v.push({
          field: `${at}.choices.${j}`,
          description: 'names no option choice of this product',
          violatedRule: 'VALIDATION',
          data: { code: 'CHOICE_NOT_EXIST' },
        });
        continue;
      }
      choices.push({ optionId: o.id, choiceId: ch.choiceId });
    }
    if (
      new Set(choices.map((c) => c.optionId)).size !== options.length ||
      choices.length !== options.length
    ) {
      v.push({
        field: `${at}.choices`,
        description: 'must pick exactly one choice of every option',
        violatedRule: 'VALIDATION',
        data: { code: 'MISSING_VARIANT_OPTION_CHOICE' },
      });
    }
    const key = options.map((o) => choices.find((c) => c.optionId === o.id)?.choiceId).join('|');
    if (seen.has(key))
      v.push({
        field: `${at}.choices`,
        description: 'another variant has the same choices',
        violatedRule: 'VALIDATION',
        data: { code: 'DUPLICATE_VARIANT_OPTION_CHOICE' },
      });
    seen.add(key);
    const sku = x.sku ?? null;
    if (sku !== null) {
      if (skus.has(sku))
        v.push({
          field: `${at}.sku`,
          description: 'another variant has the same SKU',
          violatedRule: 'VALIDATION',
          data: {},
        });
      skus.add(sku);
    }
    const price = minor(x.price.actualPrice.amount, m, `${at}.price.actualPrice.amount`, v);
    const compareAt = x.price.compareAtPrice
      ? minor(x.price.compareAtPrice.amount, m, `${at}.price.compareAtPrice.amount`, v)
      : null;
    if (compareAt !== null && compareAt < price) {
      v.push({
        field: `${at}.price.compareAtPrice.amount`,
        description: 'must not be lower than the actual price',
        violatedRule: 'VALIDATION',
        data: { code: 'COMPARE_AT_PRICE_LOWER_THAN_ACTUAL_PRICE' },
      });
    }
    const inv = x.inventoryItem;
    const stock =
      inv === undefined
        ? undefined
        : inv.quantity !== undefined
          ? { tracked: true, quantity: inv.quantity }
          : { tracked: inv.inStock === false, quantity: 0 };
    const weight = x.physicalProperties?.weight;
    return {
      id: x.id ?? newId(),
      sku,
      choices,
      price,
      compareAt,
      visible: x.visible ?? true,
      weightGrams: weight === undefined || weight === null ? null : toGrams(weight, m.weightUnit),
      ...(stock ? { stock } : {}),
    };
  });
}

export function throwIfAny(v: Violations): void {
  if (v.length) throw new ValidationError(v);
}
