import {
  createGiftCardRequest,
  emptyResponse,
  giftCardResponse,
  id,
  queryGiftCardsRequest,
  queryGiftCardsResponse,
  updateGiftCardRequest,
} from '@vitrine/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.ts';
import { createGiftCard, deleteGiftCard, getGiftCard, queryGiftCards, updateGiftCard } from './cards.ts';

const P = '/ecom/v1/gift-cards';
const admin = ['admin'] as const;
const tags = ['gift-cards'] as const;
const byId = z.object({ giftCardId: id });

export function giftCardsRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: P,
    roles: admin,
    summary: 'Create a gift card (the only answer showing its code in full)',
    tags,
    body: createGiftCardRequest,
    response: giftCardResponse,
    async handler(ctx, { body }) {
      return { giftCard: await createGiftCard(ctx, body.giftCard) };
    },
  });
  r.route({
    method: 'POST',
    url: `${P}/query`,
    roles: admin,
    summary: 'Query gift cards (cursor paging)',
    tags,
    body: queryGiftCardsRequest,
    response: queryGiftCardsResponse,
    async handler(ctx, { body }) {
      return queryGiftCards(ctx, body.query);
    },
  });
  r.route({
    method: 'GET',
    url: `${P}/:giftCardId`,
    roles: admin,
    summary: 'A gift card with its redemptions',
    tags,
    params: byId,
    response: giftCardResponse,
    async handler(ctx, { params }) {
      return { giftCard: await getGiftCard(ctx, params.giftCardId) };
    },
  });
  r.route({
    method: 'PATCH',
    url: `${P}/:giftCardId`,
    roles: admin,
    summary: 'Update expiration, disabled or balance (revision must match)',
    tags,
    params: byId,
    body: updateGiftCardRequest,
    response: giftCardResponse,
    async handler(ctx, { params, body }) {
      return { giftCard: await updateGiftCard(ctx, params.giftCardId, body.giftCard) };
    },
  });
  r.route({
    method: 'DELETE',
    url: `${P}/:giftCardId`,
    roles: admin,
    summary: 'Delete a gift card',
    tags,
    params: byId,
    response: emptyResponse,
    async handler(ctx, { params }) {
      await deleteGiftCard(ctx, params.giftCardId);
      return {};
    },
  });
}
