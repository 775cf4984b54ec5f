import {
  clientResponse,
  createClientRequest,
  emptyResponse,
  queryClientsRequest,
  queryClientsResponse,
  updateClientRequest,
} from '@vitrine/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.ts';
import { metadata } from '../../platform/query/page.ts';
import { createClient, deleteClient, getClient, queryClients, updateClient } from './clients.ts';
import type { OAuthRuntime } from './runtime.ts';

const byId = z.strictObject({ id: z.string().min(1).max(64) });

/** The merchant's OAuth clients (admin only). */
export function clientRoutes(r: Router, rt: OAuthRuntime) {
  r.route({
    method: 'POST',
    url: '/oauth2/v1/clients',
    roles: ['admin'],
    owner: true,
    tags: ['oauth'],
    summary: 'Register an OAuth client',
    body: createClientRequest,
    response: clientResponse,
    async handler(ctx, { body }) {
      return { client: await createClient(ctx, rt.origins, body.client) };
    },
  });

  r.route({
    method: 'GET',
    url: '/oauth2/v1/clients/:id',
    roles: ['admin'],
    owner: true,
    tags: ['oauth'],
    summary: 'Get an OAuth client',
    params: byId,
    response: clientResponse,
    async handler(ctx, { params }) {
      return { client: await getClient(ctx, params.id) };
    },
  });

  r.route({
    method: 'PATCH',
    url: '/oauth2/v1/clients/:id',
    roles: ['admin'],
    owner: true,
    tags: ['oauth'],
    summary: 'Update an OAuth client (field mask)',
    params: byId,
    body: updateClientRequest,
    response: clientResponse,
    async handler(ctx, { params, body }) {
      return { client: await updateClient(ctx, rt.origins, params.id, body) };
    },
  });

  r.route({
    method: 'DELETE',
    url: '/oauth2/v1/clients/:id',
    roles: ['admin'],
    owner: true,
    tags: ['oauth'],
    summary: 'Delete an OAuth client',
    params: byId,
    response: emptyResponse,
    async handler(ctx, { params }) {
      await deleteClient(ctx, rt.origins, params.id, rt.instance?.oauthClientId);
      return {};
    },
  });

  r.route({
    method: 'POST',
    url: '/oauth2/v1/clients/query',
    roles: ['admin'],
    owner: true,
    tags: ['oauth'],
    summary: 'Query OAuth clients',
    body: queryClientsRequest,
    response: queryClientsResponse,
    async handler(ctx, { body }) {
      const page = await queryClients(ctx, body.query);
      return { clients: page.items, metadata: metadata.cursor(page) };
    },
  });
}
