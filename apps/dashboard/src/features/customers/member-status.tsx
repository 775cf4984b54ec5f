import type { MemberView } from '@vitrine/contract';
import { Badge, type BadgeTone } from '@vitrine/ui';

const statuses: Record<string, [string, BadgeTone]> = {
  PENDING: ['Waiting for approval', 'warning'],
  APPROVED: ['Approved', 'success'],
  BLOCKED: ['Blocked', 'danger'],
  OFFLINE: ['Offline', 'neutral'],
  UNKNOWN: ['Unknown', 'neutral'],
};

/** A member's name as the merchant knows them: contact name, else nickname, else e-mail. */
export const memberName = (m: MemberView) =>
  [m.contact?.firstName, m.contact?.lastName].filter(Boolean).join(' ') ||
  m.profile?.nickname ||
  m.loginEmail ||
  'Member';

export function MemberBadges({ member: m }: { member: MemberView }) {
  const [label, tone] = statuses[m.status ?? 'UNKNOWN'] ?? statuses.UNKNOWN!;
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={tone}>{label}</Badge>
      {m.activityStatus === 'MUTED' && <Badge tone="warning">Muted</Badge>}
    </span>
  );
}
