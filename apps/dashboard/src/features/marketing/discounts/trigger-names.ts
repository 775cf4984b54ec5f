/**
 * The names a rule's conditions are told with: its scoped products (one lookup for all the rules
 * shown), its scoped collections (the store's list) and the first member of each member list (one
 * read per member, cached). Until they come, and for a member since deleted, the words count
 * instead ("3 members"); a collection since deleted is "a deleted collection".
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import type { MemberView } from '@vitrine/contract';
import { adminMemberQueries, productLookupQueries } from '@vitrine/sdk/react';
import { useHttp } from '../../../app/http.tsx';
import { memberName } from '../../customers/member-status.tsx';
import { useCollectionNames } from '../collections.ts';
import type { TriggerNode } from './conditions.ts';
import { namesUsed, type TriggerNames } from './describe.ts';

export function useTriggerNames(
  triggers: readonly (TriggerNode | null | undefined)[],
  currency: string | undefined,
  /** Members already at hand (a picker's), read from nowhere else. */
  known: readonly MemberView[] = [],
  /** More collections to name (the rules' discounts'). */
  collectionIds: readonly string[] = [],
): TriggerNames {
  const http = useHttp();
  const used = triggers.map(namesUsed);
  const productIds = [...new Set(used.flatMap((u) => u.productIds))].slice(0, 100);
  const memberIds = [...new Set(used.flatMap((u) => u.memberIds))].filter(
    (id) => !known.some((m) => m.id === id),
  );
  const collection = useCollectionNames([...used.flatMap((u) => u.collectionIds), ...collectionIds]);
  const products = useQuery({
    ...productLookupQueries.byIds(http, productIds),
    enabled: productIds.length > 0,
  });
  const members = useQueries({
    queries: memberIds.map((id) => ({ ...adminMemberQueries.one(http, id), retry: false })),
  });
  const all = [...known, ...members.flatMap((m) => (m.data ? [m.data] : []))];
  return {
    currency,
    collection,
    product: (id) => products.data?.find((p) => p.id === id)?.name,
    member: (id) => {
      const m = all.find((x) => x.id === id);
      return m ? memberName(m) : undefined;
    },
  };
}
