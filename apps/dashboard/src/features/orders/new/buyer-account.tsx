/**
 * Whether the buyer's e-mail is a member's: the order can then be theirs (made for the member: they
 * sign in to pay from the link, and find the order in their account with their other orders). A
 * member who cannot sign in now (blocked, awaiting approval) is said so; the order is then a guest's.
 */
import { useQuery } from '@tanstack/react-query';
import type { MemberView } from '@vitrine/contract';
import { adminMemberQueries } from '@vitrine/sdk/react';
import { Choice } from '@vitrine/ui';
import { useHttp } from '../../../app/http.tsx';
import { usePaused } from '../../../kit/paused.ts';
import { looksLikeEmail } from './draft.ts';

/** The member with the e-mail as typed (asked once typing pauses), if any. */
export function useBuyerAccount(email: string): MemberView | undefined {
  const http = useHttp();
  const paused = usePaused(email.trim(), 400);
  const found = useQuery({ ...adminMemberQueries.byEmail(http, paused), enabled: looksLikeEmail(paused) });
  return looksLikeEmail(email.trim()) ? (found.data ?? undefined) : undefined;
}

export const nameOf = (m: MemberView) =>
  [m.contact?.firstName, m.contact?.lastName].filter(Boolean).join(' ') || m.loginEmail || 'This member';

export function BuyerAccount({
  member,
  join,
  onJoin,
}: {
  member: MemberView | undefined;
  join: boolean;
  onJoin: (join: boolean) => void;
}) {
  if (!member) return null;
  if (member.status !== 'APPROVED')
    return (
      <p className="-mt-2 mb-4 text-sm text-muted">
        {`${nameOf(member)} has an account with this e-mail that cannot sign in now (${member.status === 'BLOCKED' ? 'blocked' : 'awaiting approval'}): the order is made as a guest's.`}
      </p>
    );
  return (
    <div className="-mt-2 mb-4">
      <Choice type="checkbox" shape="chip" checked={join} onChange={(e) => onJoin(e.target.checked)}>
        {`Put the order in ${nameOf(member)}'s account (they sign in to pay)`}
      </Choice>
    </div>
  );
}
