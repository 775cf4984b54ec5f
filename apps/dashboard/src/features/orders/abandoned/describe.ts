/** An abandoned checkout in words: its status, its buyer, what happened to it and when. */
import type { WireAbandonedCheckout } from '@vitrine/contract';
import type { AbandonedStatus } from '@vitrine/sdk';
import type { BadgeTone } from '@vitrine/ui';

type ActivityType = WireAbandonedCheckout['activities'][number]['type'];

export const abandonedLabels: Record<AbandonedStatus, [string, BadgeTone]> = {
  ABANDONED: ['Abandoned', 'warning'],
  RECOVERED: ['Recovered', 'success'],
};

const activityLabels: Record<ActivityType, string> = {
  SCHEDULED: 'Recovery e-mail scheduled',
  EMAIL_SENT: 'Recovery e-mail sent',
  EMAIL_NOT_SENT: 'Recovery e-mail not sent',
  NOTIFICATION_SENT: 'Notification sent',
  TASK_CREATED: 'Task created',
  AUTOMATION_SKIPPED: 'Automatic e-mail skipped',
};

/** "Ada Lovelace"; undefined without a name. */
export const buyerName = (c: WireAbandonedCheckout) =>
  [c.contactDetails?.firstName, c.contactDetails?.lastName].filter(Boolean).join(' ') || undefined;

/** Who left it: their name, else their e-mail. */
export const buyerLabel = (c: WireAbandonedCheckout) => buyerName(c) ?? c.buyerInfo.email ?? 'A shopper';

export interface Event {
  label: string;
  date: string;
}

/** What happened to it, newest first: left, each activity, recovered. */
export function timeline(c: WireAbandonedCheckout): Event[] {
  const events: Event[] = [
    { label: 'Abandoned', date: c.createdDate },
    ...c.activities.map((a) => ({ label: activityLabels[a.type] ?? a.type, date: a.createdDate })),
    ...(c.checkoutRecoveredDate ? [{ label: 'Recovered', date: c.checkoutRecoveredDate }] : []),
  ];
  // Stable: at the same instant, the later in the list (recovered, then the activities) comes first.
  return events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => b.e.date.localeCompare(a.e.date) || b.i - a.i)
    .map(({ e }) => e);
}

/** The latest thing that happened after it was left (none yet: undefined). */
export const lastActivity = (c: WireAbandonedCheckout): Event | undefined =>
  timeline(c).find((e) => e.label !== 'Abandoned');

/** How many units, and the first item's name ("Blue mug and 2 more"). */
export function itemsSummary(c: WireAbandonedCheckout): { units: number; first: string } {
  const units = c.lineItems.reduce((n, l) => n + l.quantity, 0);
  const name = c.lineItems[0]?.productName.original ?? '';
  const more = c.lineItems.length - 1;
  return { units, first: more > 0 ? `${name} and ${more} more` : name };
}
