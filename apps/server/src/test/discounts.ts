/** Test helpers shared by the pricing-configuration modules' tests (discounts, gift cards, shipping, tax, settings). */
import type { DomainEvent } from '@vitrine/contract';
import type { TestServer } from './server.ts';
import { anonymousTokens, shopClient } from './oauth.ts';

/** The events of one entity, oldest first. */
export async function eventsOf(s: TestServer, entityFqdn: string, entityId: string): Promise<DomainEvent[]> {
  const r = await s.admin<{ events: DomainEvent[] }>('POST', '/platform/v1/events/query', {
    query: { filter: { entityFqdn, entityId }, cursorPaging: { limit: 100 } },
  });
  return r.body.events.sort((a, b) => Number(a.entityEventSequence) - Number(b.entityEventSequence));
}

/** A visitor's access token (a caller that is neither anonymous nor admin). */
export async function visitorToken(s: TestServer): Promise<string> {
  return (await anonymousTokens(s, await shopClient(s))).access_token;
}

/** Every route of a resource answers 401 without credentials and 403 to a visitor. */
export async function expectAdminOnly(
  s: TestServer,
  visitor: string,
  calls: [string, string, unknown?][],
): Promise<void> {
  for (const [method, path, body] of calls) {
    const anon = await s.request(method, path, body === undefined ? {} : { body });
    const vis = await s.request(method, path, { auth: visitor, ...(body === undefined ? {} : { body }) });
    if (anon.status !== 401 || vis.status !== 403)
      throw new Error(`${method} ${path}: anonymous ${anon.status}, visitor ${vis.status}`);
  }
}

export const configRevision = async (s: TestServer): Promise<number> =>
  Number(
    (
      await s.db.handle.db
        .selectFrom('config_revision')
        .select('revision')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow()
    ).revision,
  );
