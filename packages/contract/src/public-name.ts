/**
 * The name a member's reviews show (the server writes it on their reviews; the shop's review form
 * tells the member beforehand): the profile's nickname, else the first and last name; null when
 * the member has neither. Never a piece of the e-mail address: it would be published.
 */
export function publicName(m: {
  profile?: { nickname?: string | null } | null;
  contact?: { firstName?: string | null; lastName?: string | null } | null;
}): string | null {
  const clip = (s: string | null | undefined) => s?.trim().slice(0, 100) || null;
  const fullName = [m.contact?.firstName?.trim(), m.contact?.lastName?.trim()].filter(Boolean).join(' ');
  return clip(m.profile?.nickname) ?? clip(fullName);
}
