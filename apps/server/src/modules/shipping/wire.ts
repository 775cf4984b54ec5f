/** Wire ⇄ stored forms of shipping regions and pickup locations, with the checks the schema cannot make. */
import type {
  FieldViolation,
  ShippingRegionInput,
  WirePickupLocation,
  WireShippingOption,
  WireShippingRegion,
  WireShippingRule,
} from '@vitrine/contract';
import { ValidationError } from '../../platform/errors.ts';
import { currencyExponent, fromMinor, toMinor } from '../../platform/money.ts';
import type { Bracket, ShippingOptionDef, ShippingRule } from '../pricing/index.ts';
import type { PickupRow, RegionRow, StoredDestination } from './store.ts';

type Violations = FieldViolation[];
const v = (
  field: string,
  description: string,
  violatedRule: FieldViolation['violatedRule'] = 'VALIDATION',
  data: Record<string, unknown> = {},
): FieldViolation => ({ field, description, violatedRule, data });

export function throwIfAny(out: Violations): void {
  if (out.length)
    throw new ValidationError([...out].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0)));
}

export function minorOf(out: Violations, field: string, amount: string, currency: string): number {
  try {
    return toMinor(amount, currency);
  } catch {
    out.push(
      v(
        field,
        `must have at most ${currencyExponent(currency)} decimals for ${currency}`,
        'DECIMAL_MAX_SCALE',
        { maxScale: currencyExponent(currency) },
      ),
    );
    return 0;
  }
}

/** `NY` in `US` → `US-NY`; a full code must belong to the country (else a violation). */
export function fullSubdivision(out: Violations, field: string, country: string, sub: string): string {
  const full = sub.includes('-') ? sub : `${country}-${sub}`;
  if (!full.startsWith(`${country}-`)) out.push(v(field, `${sub} is not a subdivision of ${country}`));
  return full;
}

function brackets(
  out: Violations,
  at: string,
  list: { upTo?: string | number; cost: string }[],
  upTo: (x: string | number, f: string) => number,
  currency: string,
): Bracket[] {
  let last = -Infinity;
  return list.map((b, i) => {
    const f = `${at}.brackets.${i}`;
    const costMinor = minorOf(out, `${f}.cost`, b.cost, currency);
    if (b.upTo === undefined) {
      if (i !== list.length - 1)
        out.push(v(`${f}.upTo`, 'is required on every bracket but the last', 'REQUIRED_FIELD'));
      return { costMinor };
    }
    const bound = upTo(b.upTo, `${f}.upTo`);
    if (bound <= last) out.push(v(`${f}.upTo`, "must be greater than the previous bracket's upTo"));
    last = bound;
    return { upTo: bound, costMinor };
  });
}

function storedRule(out: Violations, at: string, r: WireShippingRule, currency: string): ShippingRule {
  switch (r.type) {
    case 'FLAT':
      return { kind: 'FLAT', costMinor: minorOf(out, `${at}.cost`, r.cost, currency) };
    case 'BY_WEIGHT':
      return {
        kind: 'BY_WEIGHT',
        unit: r.weightUnit,
        brackets: brackets(out, at, r.brackets, (x) => Number(x), currency),
      };
    case 'BY_PRICE':
      return {
        kind: 'BY_PRICE',
        brackets: brackets(out, at, r.brackets, (x, f) => minorOf(out, f, String(x), currency), currency),
      };
    case 'BY_QUANTITY':
      return { kind: 'BY_QUANTITY', brackets: brackets(out, at, r.brackets, (x) => Number(x), currency) };
  }
}

export function storedOptions(
  out: Violations,
  options: WireShippingOption[],
  currency: string,
): ShippingOptionDef[] {
  const seen = new Set<string>();
  return options.map((o, i) => {
    const at = `shippingRegion.options.${i}`;
    if (seen.has(o.code)) out.push(v(`${at}.code`, `${o.code} is used by another option of this region`));
    seen.add(o.code);
    (o.deliveryTimeSlots ?? []).forEach((s, j) => {
      if (new Date(s.to).getTime() <= new Date(s.from).getTime())
        out.push(v(`${at}.deliveryTimeSlots.${j}.to`, 'must be after from'));
    });
    return {
      code: o.code,
      title: o.title,
      rule: storedRule(out, `${at}.rule`, o.rule, currency),
      ...(o.deliveryTime !== undefined ? { deliveryTime: o.deliveryTime } : {}),
      ...(o.deliveryTimeSlots?.length ? { deliveryTimeSlots: o.deliveryTimeSlots } : {}),
    };
  });
}

export function storedDestinations(
  out: Violations,
  list: ShippingRegionInput['destinations'],
): StoredDestination[] {
  const seen = new Set<string>();
  return list.map((d, i) => {
    if (seen.has(d.country))
      out.push(
        v(
          `shippingRegion.destinations.${i}.country`,
          `${d.country} is listed twice; list its subdivisions once`,
        ),
      );
    seen.add(d.country);
    const subs = (d.subdivisions ?? []).map((s, j) =>
      fullSubdivision(out, `shippingRegion.destinations.${i}.subdivisions.${j}`, d.country, s),
    );
    return { country: d.country, subdivisions: [...new Set(subs)] };
  });
}

const wireRule = (r: ShippingRule, currency: string): WireShippingRule => {
  const cost = (m: number) => fromMinor(m, currency);
  switch (r.kind) {
    case 'FLAT':
      return { type: 'FLAT', cost: cost(r.costMinor) };
    case 'BY_WEIGHT':
      return {
        type: 'BY_WEIGHT',
        weightUnit: r.unit,
        brackets: r.brackets.map((b) => ({
          ...(b.upTo !== undefined ? { upTo: String(b.upTo) } : {}),
          cost: cost(b.costMinor),
        })),
      };
    case 'BY_PRICE':
      return {
        type: 'BY_PRICE',
        brackets: r.brackets.map((b) => ({
          ...(b.upTo !== undefined ? { upTo: cost(b.upTo) } : {}),
          cost: cost(b.costMinor),
        })),
      };
    case 'BY_QUANTITY':
      return {
        type: 'BY_QUANTITY',
        brackets: r.brackets.map((b) => ({
          ...(b.upTo !== undefined ? { upTo: b.upTo } : {}),
          cost: cost(b.costMinor),
        })),
      };
  }
};

export function toWireRegion(r: RegionRow, currency: string): WireShippingRegion {
  return {
    id: r.id,
    name: r.name,
    destinations: r.destinations,
    options: r.options.map((o) => ({
      code: o.code,
      title: o.title,
      ...(o.deliveryTime !== undefined ? { deliveryTime: o.deliveryTime } : {}),
      rule: wireRule(o.rule, currency),
      ...(o.deliveryTimeSlots?.length
        ? {
            deliveryTimeSlots: o.deliveryTimeSlots.map((s) => ({
              from: new Date(s.from).toISOString(),
              to: new Date(s.to).toISOString(),
            })),
          }
        : {}),
    })),
    freeShippingThreshold:
      r.free_shipping_threshold === null ? null : fromMinor(Number(r.free_shipping_threshold), currency),
    revision: String(r.revision),
    createdDate: r.created_at.toISOString(),
    updatedDate: r.updated_at.toISOString(),
  };
}

export function toWirePickup(p: PickupRow, currency: string): WirePickupLocation {
  return {
    id: p.id,
    name: p.name,
    pickupMethod: p.pickup_method,
    address: p.address,
    businessLocation: p.business_location,
    cost: fromMinor(Number(p.cost), currency),
    instructions: p.instructions,
    active: p.active,
    revision: String(p.revision),
    createdDate: p.created_at.toISOString(),
    updatedDate: p.updated_at.toISOString(),
  };
}
