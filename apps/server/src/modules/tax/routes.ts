import {
  additionalFeeResponse,
  createAdditionalFeeRequest,
  createTaxRateRequest,
  emptyResponse,
  id,
  queryAdditionalFeesRequest,
  queryAdditionalFeesResponse,
  queryTaxRatesRequest,
  queryTaxRatesResponse,
  taxRateResponse,
  updateAdditionalFeeRequest,
  updateTaxRateRequest,
} from '@vitrine/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.ts';
import {
  createAdditionalFee,
  deleteAdditionalFee,
  getAdditionalFee,
  queryAdditionalFees,
  updateAdditionalFee,
} from './fees.ts';
import { createTaxRate, deleteTaxRate, getTaxRate, queryTaxRates, updateTaxRate } from './rates.ts';

const RATES = '/ecom/v1/tax-rates';
const FEES = '/ecom/v1/additional-fees';
const admin = ['admin'] as const;
const tags = ['tax'] as const;
const byRate = z.object({ taxRateId: id });
const byFee = z.object({ additionalFeeId: id });

export function taxRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: RATES,
    roles: admin,
    owner: true,
    summary: 'Create a tax rate (AUTO_RATE is not supported)',
    tags,
    body: createTaxRateRequest,
    response: taxRateResponse,
    async handler(ctx, { body }) {
      return { taxRate: await createTaxRate(ctx, body.taxRate) };
    },
  });
  r.route({
    method: 'POST',
    url: `${RATES}/query`,
    roles: admin,
    summary: 'Query tax rates (cursor paging)',
    tags,
    body: queryTaxRatesRequest,
    response: queryTaxRatesResponse,
    async handler(ctx, { body }) {
      return queryTaxRates(ctx, body.query);
    },
  });
  r.route({
    method: 'GET',
    url: `${RATES}/:taxRateId`,
    roles: admin,
    summary: 'A tax rate',
    tags,
    params: byRate,
    response: taxRateResponse,
    async handler(ctx, { params }) {
      return { taxRate: await getTaxRate(ctx, params.taxRateId) };
    },
  });
  r.route({
    method: 'PATCH',
    url: `${RATES}/:taxRateId`,
    roles: admin,
    owner: true,
    summary: 'Update a tax rate (revision must match)',
    tags,
    params: byRate,
    body: updateTaxRateRequest,
    response: taxRateResponse,
    async handler(ctx, { params, body }) {
      return { taxRate: await updateTaxRate(ctx, params.taxRateId, body.taxRate) };
    },
  });
  r.route({
    method: 'DELETE',
    url: `${RATES}/:taxRateId`,
    roles: admin,
    owner: true,
    summary: 'Delete a tax rate',
    tags,
    params: byRate,
    response: emptyResponse,
    async handler(ctx, { params }) {
      await deleteTaxRate(ctx, params.taxRateId);
      return {};
    },
  });

  r.route({
    method: 'POST',
    url: FEES,
    roles: admin,
    owner: true,
    summary: 'Create an additional fee (handling, insurance)',
    tags,
    body: createAdditionalFeeRequest,
    response: additionalFeeResponse,
    async handler(ctx, { body }) {
      return { additionalFee: await createAdditionalFee(ctx, body.additionalFee) };
    },
  });
  r.route({
    method: 'POST',
    url: `${FEES}/query`,
    roles: admin,
    summary: 'Query additional fees (cursor paging)',
    tags,
    body: queryAdditionalFeesRequest,
    response: queryAdditionalFeesResponse,
    async handler(ctx, { body }) {
      return queryAdditionalFees(ctx, body.query);
    },
  });
  r.route({
    method: 'GET',
    url: `${FEES}/:additionalFeeId`,
    roles: admin,
    summary: 'An additional fee',
    tags,
    params: byFee,
    response: additionalFeeResponse,
    async handler(ctx, { params }) {
      return { additionalFee: await getAdditionalFee(ctx, params.additionalFeeId) };
    },
  });
  r.route({
    method: 'PATCH',
    url: `${FEES}/:additionalFeeId`,
    roles: admin,
    owner: true,
    summary: 'Update an additional fee (revision must match)',
    tags,
    params: byFee,
    body: updateAdditionalFeeRequest,
    response: additionalFeeResponse,
    async handler(ctx, { params, body }) {
      return { additionalFee: await updateAdditionalFee(ctx, params.additionalFeeId, body.additionalFee) };
    },
  });
  r.route({
    method: 'DELETE',
    url: `${FEES}/:additionalFeeId`,
    roles: admin,
    owner: true,
    summary: 'Delete an additional fee',
    tags,
    params: byFee,
    response: emptyResponse,
    async handler(ctx, { params }) {
      await deleteAdditionalFee(ctx, params.additionalFeeId);
      return {};
    },
  });
}
