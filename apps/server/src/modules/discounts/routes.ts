import {
  couponResponse,
  createCouponRequest,
  createCouponResponse,
  createDiscountRuleRequest,
  discountRuleResponse,
  emptyResponse,
  id,
  queryCouponsRequest,
  queryCouponsResponse,
  queryDiscountRulesRequest,
  queryDiscountRulesResponse,
  updateCouponRequest,
  updateDiscountRuleRequest,
} from '@vitrine/contract';
import { z } from 'zod';
import { violation } from '../../platform/errors.ts';
import type { Router } from '../../platform/http/route.ts';
import { createCoupon, deleteCouponById, getCoupon, queryCoupons, updateCouponSpec } from './coupons.ts';
import {
  createDiscountRule,
  deleteDiscountRule,
  getDiscountRule,
  queryDiscountRules,
  updateDiscountRule,
} from './rules.ts';

const RULES = '/ecom/v1/discount-rules';
const COUPONS = '/stores/v2/coupons';
const admin = ['admin'] as const;
const byRuleId = z.object({ discountRuleId: id });
const byId = z.object({ id });

export function discountsRoutes(r: Router) {
  const tags = ['discounts'] as const;
  r.route({
    method: 'POST',
    url: RULES,
    roles: admin,
    summary: 'Create a discount rule',
    tags,
    body: createDiscountRuleRequest,
    response: discountRuleResponse,
    async handler(ctx, { body }) {
      return { discountRule: await createDiscountRule(ctx, body.discountRule) };
    },
  });
  r.route({
    method: 'POST',
    url: `${RULES}/query`,
    roles: admin,
    summary: 'Query discount rules (cursor paging)',
    tags,
    body: queryDiscountRulesRequest,
    response: queryDiscountRulesResponse,
    async handler(ctx, { body }) {
      return queryDiscountRules(ctx, body.query);
    },
  });
  r.route({
    method: 'GET',
    url: `${RULES}/:discountRuleId`,
    roles: admin,
    summary: 'A discount rule',
    tags,
    params: byRuleId,
    response: discountRuleResponse,
    async handler(ctx, { params }) {
      return { discountRule: await getDiscountRule(ctx, params.discountRuleId) };
    },
  });
  r.route({
    method: 'PATCH',
    url: `${RULES}/:discountRuleId`,
    roles: admin,
    summary: 'Update a discount rule (fields given; revision must match)',
    tags,
    params: byRuleId,
    body: updateDiscountRuleRequest,
    response: discountRuleResponse,
    async handler(ctx, { params, body }) {
      return { discountRule: await updateDiscountRule(ctx, params.discountRuleId, body.discountRule) };
    },
  });
  r.route({
    method: 'DELETE',
    url: `${RULES}/:discountRuleId`,
    roles: admin,
    summary: 'Delete a discount rule',
    tags,
    params: byRuleId,
    response: emptyResponse,
    async handler(ctx, { params }) {
      await deleteDiscountRule(ctx, params.discountRuleId);
      return {};
    },
  });

  const ctags = ['coupons'] as const;
  r.route({
    method: 'POST',
    url: COUPONS,
    roles: admin,
    summary: 'Create a coupon; answers its id',
    tags: ctags,
    body: createCouponRequest,
    response: createCouponResponse,
    async handler(ctx, { body }) {
      return { id: (await createCoupon(ctx, body.specification)).id };
    },
  });
  r.route({
    method: 'POST',
    url: `${COUPONS}/query`,
    roles: admin,
    summary: 'Query coupons (cursor paging; filter as an object or a JSON string)',
    tags: ctags,
    body: queryCouponsRequest,
    response: queryCouponsResponse,
    async handler(ctx, { body }) {
      return queryCoupons(ctx, body.query);
    },
  });
  r.route({
    method: 'GET',
    url: `${COUPONS}/:id`,
    roles: admin,
    summary: 'A coupon',
    tags: ctags,
    params: byId,
    response: couponResponse,
    async handler(ctx, { params }) {
      return { coupon: await getCoupon(ctx, params.id) };
    },
  });
  r.route({
    method: 'PATCH',
    url: `${COUPONS}/:id`,
    roles: admin,
    summary: 'Update a coupon specification (fields given; optional revision)',
    tags: ctags,
    params: byId,
    body: updateCouponRequest,
    response: couponResponse,
    async handler(ctx, { params, body }) {
      if (body.id !== undefined && body.id !== params.id) throw violation('id', 'must match the path');
      return { coupon: await updateCouponSpec(ctx, params.id, body.specification, body.revision) };
    },
  });
  r.route({
    method: 'DELETE',
    url: `${COUPONS}/:id`,
    roles: admin,
    summary: 'Delete a coupon',
    tags: ctags,
    params: byId,
    response: emptyResponse,
    async handler(ctx, { params }) {
      await deleteCouponById(ctx, params.id);
      return {};
    },
  });
}
