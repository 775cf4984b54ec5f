import type { MemberContact, MemberProfile, OrderTransactions } from '@vitrine/contract';
import type { StaffSessionCaller } from './auth.ts';
import type { Ctx } from './context.ts';

/**
 * Ports: what a module lower in the module graph asks of a module above it, without importing it
 * (so that every pair of modules depends one way; modules/README.md draws the graph). `app.ts`
 * plugs each port into the module that implements it; service functions reach them through
 * `ctx.services.ports`.
 */
export interface Ports {
  tokens: TokenPort;
  accounts: AccountPort;
  carts: CartPort;
  checkoutLinks: CheckoutLinkPort;
  staffSessions: StaffSessionPort;
  payments: PaymentsPort;
}

/** One place a member is signed in: a live refresh token (`Caller.sessionId`). */
export interface MemberSession {
  id: string;
  /** The OAuth client's name ('' once the client is deleted). */
  appName: string;
  /** The browser's User-Agent header, when one was sent. */
  userAgent: string | null;
  createdAt: Date;
  /** The last renewal of its access (or its creation): known to within an access token's lifetime. */
  lastUsedAt: Date;
}

/** The OAuth server's side of a member's access (oauth implements it; identity and members use it). */
export interface TokenPort {
  /**
   * Ends the member's sessions: refresh tokens and browser sessions, and with them the access tokens
   * (within seconds, on every process); returns how many refresh tokens ended. `o.except`: the
   * session (`Caller.sessionId`) that stays.
   */
  revokeTokensOf(ctx: Ctx, memberId: string, o?: { except?: string }): Promise<number>;
  /** The member's live sessions, the most recently used first. */
  memberSessions(ctx: Ctx, memberId: string): Promise<MemberSession[]>;
  /**
   * Ends one session of the member and the hosted sign-in it came from (within seconds, on every
   * process), but `o.except`; false when it is not one of their live sessions.
   */
  endMemberSession(ctx: Ctx, memberId: string, sessionId: string, o?: { except?: string }): Promise<boolean>;
  /** Access tokens of these members are refused (within seconds, on every process) until allowed again. */
  denyAccess(ctx: Ctx, memberIds: readonly string[]): Promise<void>;
  allowAccess(ctx: Ctx, memberIds: readonly string[]): Promise<void>;
  /** Whether a callback URL is allowed for the OAuth client (or for any client when none is named). */
  urlAllowedForClient(ctx: Ctx, url: string, clientId?: string): Promise<boolean>;
}

export type AccountMemberStatus = 'PENDING' | 'APPROVED' | 'BLOCKED' | 'OFFLINE';

/** The member record of a new identity (same id). */
export interface NewAccountMember {
  identityId: string;
  loginEmail: string;
  loginEmailVerified: boolean;
  status: AccountMemberStatus;
  privacyStatus?: 'PUBLIC' | 'PRIVATE';
  contact?: MemberContact;
  profile?: Omit<MemberProfile, 'slug'>;
}

/**
 * The member side of an account's lifecycle, as the identity module drives it (members implements
 * it; an identity and its member share one id). Each runs in the caller's transaction.
 */
export interface AccountPort {
  memberCreated(ctx: Ctx, m: NewAccountMember): Promise<void>;
  identityChanged(
    ctx: Ctx,
    identityId: string,
    set: { status?: AccountMemberStatus; loginEmailVerified?: boolean },
  ): Promise<void>;
  loggedIn(ctx: Ctx, identityId: string): Promise<void>;
}

/**
 * What a cart kept from an earlier call was read at (cart/kept.ts): its revision, the catalog's and
 * the configuration's revisions, and its lines' inventory version (over `stockIds`).
 */
export type CartReadAt = {
  revision: string;
  catalogRev: string;
  configRev: string;
  stockIds: readonly string[];
  stockVersion: string;
};

/** What checkout asks of the cart a checkout was made from (cart implements it). */
export interface CartPort {
  /**
   * Records on the cart the checkout made from it (or reused for it), if the cart still links the
   * checkout `expected` (null: none) it was read with; otherwise (another call linked one first, or
   * the cart is gone) the transaction fails with ROW_CHANGED. The cart's row lock serialises
   * concurrent create-checkout calls for one cart, so the cart ends with one open checkout.
   * `kept`: the checkout was made from a cart kept from an earlier call; the link is written only if
   * the cart is still as read then (`CartReadAt`), else the transaction fails with ROW_CHANGED.
   */
  linkCheckout(
    ctx: Ctx,
    cartId: string,
    checkoutId: string,
    expected: string | null,
    kept?: CartReadAt,
  ): Promise<void>;
  /**
   * Deletes the cart an order was placed from, inside the order's transaction, sent without waiting
   * (it travels with the next statement); the function it answers, called before the transaction
   * ends, records the deletion (its event) if the cart was still there.
   */
  deleteCart(ctx: Ctx, cartId: string): Promise<() => Promise<void>>;
  /**
   * deleteCart for a cart expected to be there (the order is placed from a kept checkout): nothing
   * waits for the delete, and its event is recorded with it; when the cart is gone, the transaction
   * fails with ROW_CHANGED.
   */
  deleteExpectedCart(ctx: Ctx, cartId: string): Promise<void>;
}

/** Signed links to the hosted checkout page (hosted-checkout implements it; checkout uses it). */
export interface CheckoutLinkPort {
  /**
   * The `checkoutToken` for a checkout link standing for the calling shopper, else for the checkout's
   * owner (`ownerKey`: `visitor:<id>` / `member:<id>`); undefined when neither is known.
   */
  linkToken(ctx: Ctx, checkoutId: string, ownerKey: string | null): Promise<string | undefined>;
}

/**
 * Staff session cookies (staff implements it; the platform's request resolver, auth.ts, uses it):
 * the platform resolves callers but must not know the staff module.
 */
export interface StaffSessionPort {
  /**
   * The staff member a session cookie's value signs in, with the session's CSRF token; null when
   * the session is unknown, idle or expired, or its staff member was removed. Read from the
   * database on every call, so an ended session is refused at once on every process.
   */
  session(ctx: Ctx, token: string): Promise<StaffSessionCaller | null>;
}

/**
 * An order's payments (payments implements it; orders uses it): the signed order link's page shows
 * what was paid and how a payment still due is made, to a buyer who holds only the link.
 */
export interface PaymentsPort {
  /** The order's transactions as `GET …/payments-collector/orders/{id}/transactions` answers them. */
  transactionsOf(ctx: Ctx, orderId: string): Promise<OrderTransactions>;
}
