import type { CreateClientRequest, CursorQuery, OAuthClient, UpdateClientRequest } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { conflict, notFound, ValidationError } from '../../platform/errors.ts';
import { applyFieldMask } from '../../platform/field-mask.ts';
import { newId } from '../../platform/ids.ts';
import type { FieldViolation } from '@vitrine/contract';
import { forgetClient } from './grants.ts';
import * as store from './store.ts';
import { normaliseOrigin, redirectUriProblem } from './uris.ts';

/** What client changes must tell: the CORS origin cache of this process. */
export interface ClientChangeListener {
  invalidate(): void;
}

export const toClient = (r: store.ClientRow): OAuthClient => ({
  id: r.id,
  name: r.name,
  redirectUris: r.redirect_uris,
  allowedOrigins: r.allowed_origins,
  createdDate: r.created_at.toISOString(),
  updatedDate: r.updated_at.toISOString(),
});

/** Checks redirect URIs and origins; returns them normalised (origins without a trailing slash, lower case, deduplicated). */
function checkedUris(c: { redirectUris?: string[]; allowedOrigins?: string[] }, prefix: string) {
  const problems: FieldViolation[] = [];
  const redirectUris = c.redirectUris?.map((u, i) => {
    const p = redirectUriProblem(u.trim());
    if (p)
      problems.push({
        field: `${prefix}.redirectUris.${i}`,
        description: p,
        violatedRule: 'FORMAT',
        data: { value: u },
      });
    return u.trim();
  });
  const allowedOrigins = c.allowedOrigins?.map((o, i) => {
    const n = normaliseOrigin(o.trim());
    if (!n)
      problems.push({
        field: `${prefix}.allowedOrigins.${i}`,
        description: 'must be an origin such as https://shop.example.test',
        violatedRule: 'FORMAT',
        data: { value: o },
      });
    return n ?? '';
  });
  if (problems.length) throw new ValidationError(problems.sort((a, b) => (a.field < b.field ? -1 : 1)));
  const unique = (a: string[] | undefined) => (a ? [...new Set(a)] : undefined);
  return { redirectUris: unique(redirectUris), allowedOrigins: unique(allowedOrigins) };
}

export const findClient = (ctx: Ctx, id: string) => store.getClient(ctx.db, id);

export async function getClient(ctx: Ctx, id: string): Promise<OAuthClient> {
  const row = await store.getClient(ctx.db, id);
  if (!row) throw notFound('OAuth client', { id }, 'OAUTH_CLIENT_NOT_FOUND');
  return toClient(row);
}

export async function createClient(
  ctx: Ctx,
  changes: ClientChangeListener,
  input: CreateClientRequest['client'],
): Promise<OAuthClient> {
  const { redirectUris, allowedOrigins } = checkedUris(input, 'client');
  const now = ctx.clock.now();
  const row = await store.insertClient(ctx.db, {
    id: newId(),
    name: input.name,
    redirect_uris: redirectUris ?? [],
    allowed_origins: allowedOrigins ?? [],
    created_at: now,
    updated_at: now,
  });
  changes.invalidate();
  return toClient(row);
}

const EDITABLE = ['name', 'redirectUris', 'allowedOrigins'] as const;

export async function updateClient(
  ctx: Ctx,
  changes: ClientChangeListener,
  id: string,
  patch: UpdateClientRequest,
): Promise<OAuthClient> {
  const { id: bodyId, ...fields } = patch.client;
  if (bodyId !== undefined && bodyId !== id)
    throw new ValidationError([
      { field: 'client.id', description: 'must match the path', violatedRule: 'VALIDATION', data: {} },
    ]);
  const uris = checkedUris(fields, 'client');
  const checked = {
    ...fields,
    ...(uris.redirectUris ? { redirectUris: uris.redirectUris } : {}),
    ...(uris.allowedOrigins ? { allowedOrigins: uris.allowedOrigins } : {}),
  };
  const saved = await inTransaction(ctx, async (tx) => {
    const row = await store.getClient(tx.db, id, true);
    if (!row) throw notFound('OAuth client', { id }, 'OAUTH_CLIENT_NOT_FOUND');
    const current = toClient(row);
    const { next, modifiedFields } = applyFieldMask(current, checked, patch.fieldMask, EDITABLE);
    if (Object.keys(modifiedFields).length === 0) return current;
    if (typeof next.name !== 'string' || next.name.trim() === '') {
      throw new ValidationError([
        { field: 'client.name', description: 'is required', violatedRule: 'REQUIRED_FIELD', data: {} },
      ]);
    }
    const updated = await store.updateClient(tx.db, id, {
      name: next.name,
      redirect_uris: next.redirectUris ?? [],
      allowed_origins: next.allowedOrigins ?? [],
      updated_at: tx.clock.now(),
    });
    return toClient(updated!);
  });
  changes.invalidate();
  return saved;
}

export async function deleteClient(
  ctx: Ctx,
  changes: ClientChangeListener,
  id: string,
  bundledClientId: string | undefined,
): Promise<void> {
  if (id === bundledClientId)
    throw conflict('BUNDLED_CLIENT', "The bundled storefront's client cannot be deleted", { id });
  if (!(await store.deleteClient(ctx.db, id)))
    throw notFound('OAuth client', { id }, 'OAUTH_CLIENT_NOT_FOUND');
  forgetClient(id);
  changes.invalidate();
}

export async function queryClients(ctx: Ctx, query: CursorQuery | undefined) {
  const page = await store.queryClients(ctx.db, query);
  return { ...page, items: page.items.map(toClient) };
}

/**
 * The bundled storefront's client: created at first start; at every start it is made to allow
 * PUBLIC_URL's origin and every redirect URI under PUBLIC_URL (the store may have moved). The
 * entries an earlier start added for another PUBLIC_URL are removed (the old domain's owner must
 * receive no sign-in codes or reset links); entries the merchant added stay.
 */
export async function ensureBundledClient(ctx: Ctx, id: string): Promise<void> {
  const base = ctx.config.PUBLIC_URL;
  const origin = new URL(base).origin;
  const pattern = `${base}/*`;
  const now = ctx.clock.now();
  const created = await store.insertClientOnce(ctx.db, {
    id,
    name: 'Storefront',
    redirect_uris: [pattern],
    allowed_origins: [origin],
    start_public_url: base,
    created_at: now,
    updated_at: now,
  });
  if (created) return;
  await inTransaction(ctx, async (tx) => {
    const row = await store.getClient(tx.db, id, true);
    if (!row) return;
    const earlier = row.start_public_url && row.start_public_url !== base ? row.start_public_url : undefined;
    const staleUri = earlier && `${earlier}/*`;
    const staleOrigin = earlier && new URL(earlier).origin !== origin ? new URL(earlier).origin : undefined;
    const redirectUris = [...new Set([...row.redirect_uris.filter((u) => u !== staleUri), pattern])];
    const allowedOrigins = [...new Set([...row.allowed_origins.filter((o) => o !== staleOrigin), origin])];
    const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
    if (
      !earlier &&
      row.start_public_url === base &&
      same(redirectUris, row.redirect_uris) &&
      same(allowedOrigins, row.allowed_origins)
    )
      return;
    await store.updateClient(tx.db, id, {
      redirect_uris: redirectUris,
      allowed_origins: allowedOrigins,
      start_public_url: base,
      updated_at: now,
    });
    if (earlier)
      ctx.log.info(
        { removed: { redirectUri: staleUri, origin: staleOrigin ?? null }, publicUrl: base },
        'the bundled storefront client no longer trusts the earlier PUBLIC_URL',
      );
  });
}
