/**
 * calculate(): the checkout calculator. Order (see README.md):
 *   1. line prices (unit × quantity)            5. shipping discounts on the selected option
 *   2. item discounts (SPECIFIC_ITEMS)          6. tax per line and on shipping
 *   3. order discounts (GLOBAL), allocated      7. additional fees
 *   4. shipping options and the selected cost   8. gift card on what is left
 * total = subtotal − discount + shipping + tax (exclusive prices only) + fees; amountToPay = total − giftCard.
 */
import type {
  AppliedDiscount,
  DiscountSpec,
  LineInput,
  PricingInput,
  PricingMessage,
  PricingOutput,
} from './types.ts';
import { checkCoupon } from './coupons.ts';
import { lineDiscounts, ruleStatus, shippingDiscount } from './discounts.ts';
import type { DiscountLine } from './discounts.ts';
import { computeFees } from './fees.ts';
import { redeemGiftCard } from './gift-cards.ts';
import { assertMinor, mulSafe, sumSafe } from './rounding.ts';
import { shippingOptions, toGrams } from './shipping.ts';
import { computeTax, resolveTaxRate } from './tax.ts';
import { triggerMet } from './triggers.ts';

interface ActiveDiscount {
  source: AppliedDiscount['source'];
  id: string;
  name: string;
  code?: string;
  spec: DiscountSpec;
}

export function validateLine(line: LineInput): void {
  if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) {
    throw new RangeError(`line ${line.id}: quantity must be a positive integer, got ${line.quantity}`);
  }
  assertMinor(line.unitPriceMinor, `line ${line.id} unit price`);
}

function activeDiscounts(
  input: PricingInput,
  full: readonly number[],
  subtotal: number,
  now: Date,
  messages: PricingMessage[],
): ActiveDiscount[] {
  const basis = { lines: input.lines, fullMinor: full, ...(input.buyer ? { buyer: input.buyer } : {}) };
  const active: ActiveDiscount[] = (input.discountRules ?? [])
    .filter((r) => ruleStatus(r, now) === 'LIVE' && triggerMet(r.trigger, basis))
    .map((r) => ({ source: 'DISCOUNT_RULE', id: r.id, name: r.name, spec: r }));
  if (input.coupon) {
    const check = checkCoupon(input.coupon, subtotal, now);
    if (check.ok) {
      const c = check.coupon;
      active.push({ source: 'COUPON', id: c.id, name: c.name, code: c.code, spec: c.discount });
    } else {
      messages.push({
        severity: 'WARNING',
        code: check.reason,
        description: `Coupon ${input.coupon.code} was not applied.`,
      });
    }
  }
  return active;
}

function applied(
  d: ActiveDiscount,
  amountMinor: number,
  allocations: AppliedDiscount['allocations'],
): AppliedDiscount {
  return {
    source: d.source,
    id: d.id,
    name: d.name,
    ...(d.code !== undefined ? { code: d.code } : {}),
    discountType: d.spec.scope,
    type: d.spec.type,
    amountMinor,
    allocations,
    lineItemIds: allocations.filter((a) => a.amountMinor > 0).map((a) => a.lineItemId),
  };
}

export function calculate(input: PricingInput, now: Date): PricingOutput {
  const messages: PricingMessage[] = [];
  const { lines, store } = input;
  lines.forEach(validateLine);

  // 1. Line prices.
  const full = lines.map((l) => mulSafe(l.unitPriceMinor, l.quantity));
  const subtotal = sumSafe(full);

  // 2–3. Item discounts, then order discounts, each on what earlier ones left.
  const discounts = activeDiscounts(input, full, subtotal, now, messages);
  const lineDiscount = lines.map(() => 0);
  const appliedDiscounts: AppliedDiscount[] = [];
  for (const scope of ['SPECIFIC_ITEMS', 'GLOBAL'] as const) {
    for (const d of discounts.filter((x) => x.spec.scope === scope)) {
      const state: DiscountLine[] = lines.map((l, i) => ({
        id: l.id,
        catalogItemId: l.catalogItemId,
        quantity: l.quantity,
        remainingMinor: (full[i] ?? 0) - (lineDiscount[i] ?? 0),
        eligible: l.itemType !== 'GIFT_CARD',
        ...(l.collectionIds ? { collectionIds: l.collectionIds } : {}),
      }));
      const amounts = lineDiscounts(d.spec, state);
      amounts.forEach((a, i) => {
        lineDiscount[i] = (lineDiscount[i] ?? 0) + a;
      });
      const amount = sumSafe(amounts);
      if (amount > 0)
        appliedDiscounts.push(
          applied(
            d,
            amount,
            lines.map((l, i) => ({ lineItemId: l.id, amountMinor: amounts[i] ?? 0 })),
          ),
        );
    }
  }
  const afterDiscount = full.map((f, i) => f - (lineDiscount[i] ?? 0));

  // 4. Shipping: only PHYSICAL lines weigh, count and need shipping.
  const physical = lines.map((l) => l.itemType === 'PHYSICAL');
  const basis = {
    weightGrams: sumSafe(
      lines.map((l, i) =>
        physical[i] && l.weight ? mulSafe(toGrams(l.weight.value, l.weight.unit), l.quantity) : 0,
      ),
    ),
    goodsMinor: sumSafe(afterDiscount.filter((_, i) => physical[i])),
    quantity: sumSafe(lines.map((l, i) => (physical[i] ? l.quantity : 0))),
  };
  const ship = shippingOptions(input.shipping, basis, physical.some(Boolean));
  messages.push(...ship.messages);
  const shippingMinor = ship.shipping.costMinor;

  // 5. Shipping discounts on the selected option.
  let shippingDiscountMinor = 0;
  for (const d of discounts.filter((x) => x.spec.scope === 'SHIPPING')) {
    const amount = shippingDiscount(d.spec, shippingMinor - shippingDiscountMinor);
    shippingDiscountMinor += amount;
    if (amount > 0) appliedDiscounts.push(applied(d, amount, []));
  }
  const shippingAfter = shippingMinor - shippingDiscountMinor;

  // 6. Tax at the destination (or the store's origin when nothing ships).
  const inclusive = store.pricesIncludeTax;
  const rate = resolveTaxRate(input.taxRates ?? [], input.shipping.destination ?? store.origin);
  const tax = computeTax(
    lines.map((l, i) => ({ id: l.id, amountMinor: afterDiscount[i] ?? 0, taxable: l.taxable })),
    shippingAfter,
    store.shippingTaxable,
    rate,
    inclusive,
  );
  const addedTax = inclusive ? 0 : tax.totalTaxMinor;

  // 7. Fees on the subtotal.
  const fees = computeFees(input.fees ?? [], subtotal);
  const feesMinor = sumSafe(fees.map((f) => f.amountMinor));

  // Totals.
  const discountMinor = sumSafe([...lineDiscount, shippingDiscountMinor]);
  const totalMinor = Math.max(0, subtotal - discountMinor + shippingMinor + addedTax + feesMinor);

  // 8. Gift card on what is left.
  let giftCard: PricingOutput['giftCard'];
  if (input.giftCard) {
    const card = input.giftCard;
    if (lines.some((l) => l.itemType === 'GIFT_CARD')) {
      messages.push({
        severity: 'ERROR',
        code: 'GIFT_CARD_CANNOT_BE_USED_TO_PURCHASE_GIFT_CARD',
        description: 'A gift card cannot pay for gift cards.',
      });
    } else {
      const r = redeemGiftCard(card, totalMinor, now);
      if (r.ok)
        giftCard = {
          id: card.id,
          amountMinor: r.amountMinor,
          ...(card.requestedAmountMinor !== undefined
            ? { requestedAmountMinor: card.requestedAmountMinor }
            : {}),
        };
      else
        messages.push({
          severity: 'WARNING',
          code: r.reason,
          description: `Gift card ${card.code} was not applied.`,
        });
    }
  }
  const giftCardMinor = giftCard?.amountMinor ?? 0;

  return {
    lines: lines.map((l, i) => ({
      id: l.id,
      fullPriceMinor: full[i] ?? 0,
      discountMinor: lineDiscount[i] ?? 0,
      taxableAmountMinor: tax.lineTaxable[i] ?? 0,
      taxMinor: tax.lineTax[i] ?? 0,
      totalMinor: (afterDiscount[i] ?? 0) + (inclusive ? 0 : (tax.lineTax[i] ?? 0)),
    })),
    totals: {
      subtotalMinor: subtotal,
      discountMinor,
      shippingMinor,
      taxMinor: tax.totalTaxMinor,
      additionalFeesMinor: feesMinor,
      totalMinor,
      giftCardMinor,
      amountToPayMinor: totalMinor - giftCardMinor,
    },
    appliedDiscounts,
    shipping: { ...ship.shipping, discountMinor: shippingDiscountMinor },
    tax: {
      taxIncludedInPrice: inclusive,
      taxableAmountMinor: tax.taxableAmountMinor,
      totalTaxMinor: tax.totalTaxMinor,
      shippingTaxMinor: tax.shippingTaxMinor,
      breakdown: tax.breakdown,
    },
    additionalFees: fees,
    ...(giftCard ? { giftCard } : {}),
    messages,
  };
}
