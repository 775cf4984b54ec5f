import { z } from 'zod';
import { cursorPagingMetadata, cursorQuery } from './query.ts';
import { deviceView } from './identity.ts';
import { id, isoDate } from './scalars.ts';

/**
 * Staff accounts of the merchant dashboard (Vitrine; apps/server/src/modules/staff/README.md):
 * first-owner setup, TOTP enrolment, sign-in with cookie sessions, staff management, the actions
 * log, and the store's API keys.
 */

export const STAFF_LIMITS = { name: 100, email: 320, password: 256, token: 200 } as const;

export const staffRole = z.enum(['OWNER', 'CONTRIBUTOR']);
export type StaffRole = z.infer<typeof staffRole>;
/** INVITED until the invitation is accepted (and, for owners, TOTP enrolled). */
export const staffStatus = z.enum(['INVITED', 'ACTIVE']);

export const staffMember = z.object({
  id,
  email: z.string(),
  name: z.string(),
  role: staffRole,
  status: staffStatus,
  totpEnrolled: z.boolean(),
  createdDate: isoDate,
  lastLoginDate: isoDate.nullable(),
});
export type StaffMember = z.infer<typeof staffMember>;

/** Surrounding spaces are dropped; the server compares addresses lower-cased. */
const email = z.string().trim().max(STAFF_LIMITS.email).pipe(z.email());
const name = z.string().trim().min(1).max(STAFF_LIMITS.name);
/** Length rules (PASSWORD_MIN_LENGTH, common passwords) are the server's: only a bound here. */
const password = z.string().min(1).max(STAFF_LIMITS.password);
const token = z.string().min(1).max(STAFF_LIMITS.token);
/** Six digits from the authenticator app (spaces are ignored). */
const code = z.string().min(1).max(20);

/** An open session: who it is, and the token unsafe requests must send in `X-CSRF-Token`. */
export const staffSessionResponse = z.object({ staff: staffMember, csrfToken: z.string() });
export type StaffSessionResponse = z.infer<typeof staffSessionResponse>;

/** One place a staff member is signed in (a session cookie), for their own eyes. */
export const staffSessionView = z.object({
  id: z.string(),
  /** The session of the request that asks. */
  current: z.boolean(),
  device: deviceView,
  /** The address it signed in from (as the server saw it: behind a proxy, see TRUST_PROXY). */
  ipAddress: z.string().nullable(),
  createdDate: z.string(),
  /** Its last request, to within a minute. */
  lastActiveDate: z.string(),
});
export type StaffSessionView = z.infer<typeof staffSessionView>;
/** `GET /staff/v1/me/sessions`: the caller's session first, then the most recently active. */
export const staffSessionsResponse = z.object({ sessions: z.array(staffSessionView) });
/** `POST /staff/v1/me/sessions/end-others`. */
export const endStaffSessionsResponse = z.object({ endedSessions: z.number().int() });
export const staffSessionIdParams = z.strictObject({ id: z.string().max(100) });

/** A TOTP enrolment waiting for its first code (`POST /staff/v1/enrol`). */
export const staffEnrolmentResponse = z.object({
  enrollmentToken: z.string(),
  totp: z.object({ secret: z.string(), otpauthUri: z.string() }),
});
export type StaffEnrolmentResponse = z.infer<typeof staffEnrolmentResponse>;

export const staffSetupRequest = z.strictObject({ token, email, password, name });
export const staffEnrolRequest = z.strictObject({ enrollmentToken: token, code });
export const staffLoginRequest = z.strictObject({
  email,
  password,
  code: code.optional(),
  /** An ALTCHA solution (base64 JSON, as the widget gives it), once failures require one. */
  captchaToken: z.string().min(1).max(10_000).optional(),
});
/** After repeated wrong current passwords, `captchaToken` as at sign-in (400 `CAPTCHA_REQUIRED` without it). */
export const staffPasswordRequest = z.strictObject({
  password,
  newPassword: password,
  captchaToken: z.string().min(1).max(10_000).optional(),
});

export const staffQueryRequest = z.strictObject({ query: cursorQuery.optional() });
export const staffQueryResponse = z.object({ staff: z.array(staffMember), metadata: cursorPagingMetadata });
export const staffMemberResponse = z.object({ staff: staffMember });
export const inviteStaffRequest = z.strictObject({ email, name, role: staffRole });
export const inviteStaffResponse = z.object({ staff: staffMember, inviteUrl: z.string() });
export const updateStaffRequest = z.strictObject({ role: staffRole });
export const acceptInviteRequest = z.strictObject({ token, password });
/** Owners enrol TOTP next; contributors are signed in at once. */
export const acceptInviteResponse = z.union([staffEnrolmentResponse, staffSessionResponse]);

export const staffAction = z.object({
  id,
  staffId: id,
  staffEmail: z.string().nullable(),
  staffName: z.string().nullable(),
  method: z.string(),
  /** The route's pattern (`/stores/v3/products/:productId`); `path` is the request's, without its query. */
  route: z.string(),
  path: z.string(),
  entityId: z.string().nullable(),
  status: z.number(),
  createdDate: isoDate,
});
export type StaffAction = z.infer<typeof staffAction>;
export const staffActionsQueryRequest = z.strictObject({ query: cursorQuery.optional() });
export const staffActionsQueryResponse = z.object({
  actions: z.array(staffAction),
  metadata: cursorPagingMetadata,
});

export const apiKey = z.object({
  id,
  name: z.string(),
  createdDate: isoDate,
  revokedDate: isoDate.nullable(),
});
export const createApiKeyRequest = z.strictObject({ name: z.string().trim().min(1).max(100) });
/** `key` is shown once: only its hash is kept. */
export const createApiKeyResponse = z.object({ apiKey: apiKey.extend({ key: z.string() }) });
export const apiKeysQueryRequest = z.strictObject({ query: cursorQuery.optional() });
export const apiKeysQueryResponse = z.object({ apiKeys: z.array(apiKey), metadata: cursorPagingMetadata });
