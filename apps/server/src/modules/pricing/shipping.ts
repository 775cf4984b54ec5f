/**
 * Shipping: region by destination, cost by ordered brackets (weight in grams, price, quantity),
 * free-shipping threshold, pickup options, and the selected option.
 */
import type {
  Bracket,
  Destination,
  PricingMessage,
  ShippingInput,
  ShippingOptionOutput,
  ShippingOutput,
  ShippingRegion,
  ShippingRule,
  WeightUnit,
} from './types.ts';
import { assertMinor } from './rounding.ts';

export const DELIVERY_CARRIER_ID = 'vitrine-delivery';
export const PICKUP_CARRIER_ID = 'vitrine-pickup';
const GRAMS_PER: Record<WeightUnit, number> = { KG: 1000, LB: 453.59237 };

/** A weight in whole grams (rounded to the nearest gram). */
export function toGrams(value: number, unit: WeightUnit): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`invalid weight ${value}`);
  return Math.round(value * GRAMS_PER[unit]);
}

/** A region matching country and subdivision wins over one matching the country alone. */
export function findRegion(
  regions: readonly ShippingRegion[],
  dest: Destination,
): ShippingRegion | undefined {
  const country = dest.country.toUpperCase();
  const sub = dest.subdivision?.toUpperCase();
  let countryOnly: ShippingRegion | undefined;
  for (const r of regions) {
    for (const c of r.countries) {
      if (c.country.toUpperCase() !== country) continue;
      const subs = c.subdivisions?.map((s) => s.toUpperCase());
      if (subs && subs.length > 0) {
        if (sub !== undefined && subs.includes(sub)) return r;
      } else {
        countryOnly ??= r;
      }
    }
  }
  return countryOnly;
}

/** Cost of the first bracket whose inclusive upper bound holds the measure; undefined past the last. */
export function bracketCost(brackets: readonly Bracket[], measure: number): number | undefined {
  for (const b of brackets) {
    if (b.upTo === undefined || measure <= b.upTo) return b.costMinor;
  }
  return undefined;
}

export interface ShippingBasis {
  /** Total weight of PHYSICAL lines, grams. */
  weightGrams: number;
  /** PHYSICAL lines after item and order discounts, minor units. */
  goodsMinor: number;
  /** Units of PHYSICAL lines. */
  quantity: number;
}

export function ruleCost(rule: ShippingRule, basis: ShippingBasis): number | undefined {
  switch (rule.kind) {
    case 'FLAT':
      return rule.costMinor;
    case 'BY_WEIGHT':
      return bracketCost(
        rule.brackets.map((b) => ({
          costMinor: b.costMinor,
          upTo: b.upTo === undefined ? undefined : toGrams(b.upTo, rule.unit),
        })),
        basis.weightGrams,
      );
    case 'BY_PRICE':
      return bracketCost(rule.brackets, basis.goodsMinor);
    case 'BY_QUANTITY':
      return bracketCost(rule.brackets, basis.quantity);
  }
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** "France", or "US-TX, United States" (subdivisions by code: the calculator has no list of their names). */
function placeName(d: Destination): string {
  const country = d.country.toUpperCase();
  let name = country;
  try {
    name = regionNames.of(country) ?? country;
  } catch {
    /* not a known code: the code itself */
  }
  return d.subdivision ? `${d.subdivision.toUpperCase()}, ${name}` : name;
}

const msg = (severity: PricingMessage['severity'], code: string, description: string): PricingMessage => ({
  severity,
  code,
  description,
});

/** Options for the order; `required` is false when no PHYSICAL line needs shipping. */
export function shippingOptions(
  input: ShippingInput,
  basis: ShippingBasis,
  required: boolean,
): { shipping: ShippingOutput; messages: PricingMessage[] } {
  const messages: PricingMessage[] = [];
  if (!required) return { shipping: { required, carrierServiceOptions: [], costMinor: 0 }, messages };
  const delivery: ShippingOptionOutput[] = [];
  let region: ShippingRegion | undefined;
  if (!input.destination) {
    messages.push(
      msg('WARNING', 'NO_SHIPPING_DESTINATION', 'No shipping destination yet; only pickup is offered.'),
    );
  } else {
    region = findRegion(input.regions, input.destination);
    if (!region)
      messages.push(msg('ERROR', 'NO_SHIPPING_REGION', `We do not ship to ${placeName(input.destination)}.`));
  }
  if (region) {
    const free =
      region.freeShippingThresholdMinor !== undefined &&
      basis.goodsMinor >= region.freeShippingThresholdMinor;
    for (const o of region.options) {
      const cost = ruleCost(o.rule, basis);
      if (cost === undefined) continue;
      assertMinor(cost, `shipping cost of ${o.code}`);
      delivery.push({
        code: o.code,
        title: o.title,
        costMinor: free ? 0 : cost,
        logistics: { deliveryTime: o.deliveryTime, deliveryTimeSlots: o.deliveryTimeSlots },
      });
    }
  }
  const pickup: ShippingOptionOutput[] = (input.pickupOptions ?? []).map((p) => {
    assertMinor(p.costMinor, `pickup cost of ${p.code}`);
    return {
      code: p.code,
      title: p.title,
      costMinor: p.costMinor,
      logistics: {
        instructions: p.instructions,
        pickupDetails: {
          address: p.address,
          businessLocation: p.businessLocation,
          pickupMethod: p.pickupMethod,
        },
      },
    };
  });
  const carrierServiceOptions = [
    ...(delivery.length ? [{ carrierId: DELIVERY_CARRIER_ID, shippingOptions: delivery }] : []),
    ...(pickup.length ? [{ carrierId: PICKUP_CARRIER_ID, shippingOptions: pickup }] : []),
  ];
  const all = [...delivery, ...pickup];
  let selected =
    input.selectedOptionCode === undefined ? undefined : all.find((o) => o.code === input.selectedOptionCode);
  if (input.selectedOptionCode !== undefined && !selected) {
    messages.push(
      msg(
        'WARNING',
        'SELECTED_CARRIER_SERVICE_OPTION_NOT_FOUND',
        `Option ${input.selectedOptionCode} is not available; the cheapest delivery is selected.`,
      ),
    );
  }
  // Pickup only when chosen: by default the cheapest delivery (ties keep the listed order).
  selected ??= delivery.reduce<ShippingOptionOutput | undefined>(
    (best, o) => (!best || o.costMinor < best.costMinor ? o : best),
    undefined,
  );
  // Without a destination nothing is chosen yet (the NO_SHIPPING_DESTINATION warning says why).
  if (!selected && input.destination)
    messages.push(msg('ERROR', 'NO_SELECTED_CARRIER_SERVICE_OPTION', 'No shipping option is available.'));
  return {
    shipping: {
      required,
      region: region ? { id: region.id, name: region.name } : undefined,
      carrierServiceOptions,
      selected,
      costMinor: selected?.costMinor ?? 0,
    },
    messages,
  };
}
