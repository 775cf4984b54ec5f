import { errorEnvelope } from '@vitrine/contract';
import { z } from 'zod';
import type { RegisteredRoute } from './route.ts';

const toJson = (s: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'openapi-3.0' });

/** OpenAPI 3 generated from the route table: the zod schemas routes validate with are the document. */
export function buildOpenApi(
  routes: readonly RegisteredRoute[],
  info: { version: string; serverUrl: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.url.replace(/:(\w+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const m of path.matchAll(/\{(\w+)\}/g))
      parameters.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } });
    if (r.query) {
      const schema = toJson(r.query, 'input') as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      for (const [name, s] of Object.entries(schema.properties ?? {})) {
        parameters.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: s });
      }
    }
    const op: Record<string, unknown> = {
      summary: r.summary,
      tags: r.tags,
      'x-roles': r.roles,
      ...(r.owner ? { 'x-owner-only': true } : {}),
      parameters,
      responses: {
        200: {
          description: 'OK',
          content: {
            [r.produces ?? 'application/json']: { schema: toJson(r.response, 'output') },
          },
        },
        default: {
          description: 'Error envelope',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      },
    };
    if (r.roles !== 'any') op.security = [{ authorization: [] }];
    if (r.body)
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: toJson(r.body, 'input') } },
      };
    (paths[path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Vitrine API', version: info.version },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      schemas: { ErrorEnvelope: toJson(errorEnvelope, 'output') },
      securitySchemes: {
        authorization: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'An access token or API key, with no "Bearer" prefix',
        },
      },
    },
  };
}
