/**
 * Whom a checkout the site owner or an app makes for a buyer is made on behalf of: a new visitor
 * of its own (the buyer pays from its link without an account), or the member named
 * (`checkoutInfo.buyerInfo.memberId`), who signs in to pay and finds the order in their account.
 * A member who cannot sign in (blocked, awaiting approval) could never pay it, and is refused.
 */
import type { Ctx, Shopper } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { getMember } from '../members/index.ts';

export async function forBuyer(ctx: Ctx, memberId: string | undefined): Promise<Shopper> {
  if (!memberId) return { visitorId: newId() };
  const member = await getMember(ctx, memberId);
  if (!member)
    throw new AppError(404, 'MEMBER_NOT_FOUND', 'No member with this id.', {
      field: 'checkoutInfo.buyerInfo.memberId',
    });
  if (member.status !== 'APPROVED')
    throw new AppError(
      409,
      'MEMBER_CANNOT_SIGN_IN',
      `This member cannot sign in (${member.status.toLowerCase()}), so could not pay a checkout of theirs: make it without memberId.`,
      { memberId },
    );
  return { memberId };
}
