/** What other modules call: the calculator's tax rates and additional fees. The admin APIs live in rates.ts and fees.ts. */
import type { Executor } from '../../platform/db/tx.ts';
import type { AdditionalFeeDef, TaxRate } from '../pricing/index.ts';
import { allFees, allRates, type FeeRow, type TaxRateRow } from './store.ts';

export function rateForPricing(r: TaxRateRow): TaxRate {
  return {
    name: r.name,
    rateType: r.rate_type,
    ratePercent: Number(r.rate),
    ...(r.country !== null ? { country: r.country } : {}),
    ...(r.subdivision !== null ? { subdivision: r.subdivision } : {}),
  };
}

export function feeForPricing(f: FeeRow): AdditionalFeeDef {
  return {
    code: f.code,
    name: f.name,
    type: f.fee_type,
    ...(f.amount !== null ? { amountMinor: Number(f.amount) } : { percentage: Number(f.percentage) }),
  };
}

/** Every tax rate and every additional fee (oldest first: fees are charged in that order). */
export async function loadTaxConfig(
  db: Executor,
): Promise<{ taxRates: TaxRate[]; fees: AdditionalFeeDef[] }> {
  const [rates, fees] = await Promise.all([allRates(db), allFees(db)]);
  return { taxRates: rates.map(rateForPricing), fees: fees.map(feeForPricing) };
}
