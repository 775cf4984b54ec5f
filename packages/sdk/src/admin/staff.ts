/**
 * Staff sign-in for the merchant dashboard (apps/server/src/modules/staff/README.md): first-owner
 * setup with TOTP enrolment, sign-in, who am I, sign-out. The session is an http-only cookie the
 * browser keeps; unsafe requests carry the session's `csrfToken` in `X-CSRF-Token`
 * (`staffHeaders`). Use a client without an `Authorization` header: a request carrying one is
 * judged by it alone, and the cookie is ignored.
 */
import type {
  StaffAction,
  StaffEnrolmentResponse,
  StaffMember,
  StaffRole,
  StaffSessionResponse,
  StaffSessionView,
} from '@vitrine/contract';
import { isVitrineError } from '../errors.ts';
import type { HttpClient } from '../http.ts';

/** An open staff session: who it is, and the token unsafe requests must send back. */
export type StaffSession = StaffSessionResponse;
/** What first-owner setup (and an owner's first sign-in without TOTP) answers: the secret to enrol, and the token that confirms it. */
export type StaffEnrolment = StaffEnrolmentResponse;
export type { StaffAction, StaffMember, StaffRole, StaffSessionView };

/** The CSRF header of a session (none without one). */
export const staffHeaders = (csrfToken: string | undefined): Record<string, string> =>
  csrfToken ? { 'X-CSRF-Token': csrfToken } : {};

export const staffCalls = {
  /** The signed-in staff member, or `null` without a session (401). */
  me: async (http: HttpClient): Promise<StaffSession | null> => {
    try {
      return await http.request<StaffSession>({ method: 'GET', path: '/staff/v1/me' });
    } catch (e) {
      if (isVitrineError(e) && e.status === 401) return null;
      throw e;
    }
  },
  /**
   * 401 `INVALID_CREDENTIALS`; 428 `TOTP_REQUIRED` when a code is needed and missing; 428
   * `TOTP_ENROLMENT_REQUIRED` (its `data` a `StaffEnrolment`) for an owner without an
   * authenticator yet; 400 `CAPTCHA_REQUIRED` after repeated failures (`captchaToken`: an ALTCHA solution).
   */
  login: (
    http: HttpClient,
    v: { email: string; password: string; code?: string; captchaToken?: string },
  ): Promise<StaffSession> =>
    http.request<StaffSession>({
      method: 'POST',
      path: '/staff/v1/login',
      body: {
        email: v.email,
        password: v.password,
        ...(v.code ? { code: v.code } : {}),
        ...(v.captchaToken ? { captchaToken: v.captchaToken } : {}),
      },
    }),
  /** First-owner setup with the one-time token of the setup link. */
  setup: (
    http: HttpClient,
    v: { token: string; email: string; password: string; name: string },
  ): Promise<StaffEnrolment> =>
    http.request<StaffEnrolment>({ method: 'POST', path: '/staff/v1/setup', body: v }),
  /** Confirms the TOTP enrolment with a code from the authenticator: opens the session. */
  enrol: (http: HttpClient, v: { enrollmentToken: string; code: string }): Promise<StaffSession> =>
    http.request<StaffSession>({ method: 'POST', path: '/staff/v1/enrol', body: v }),
  /** Accepts an invitation (`/dashboard/invite?token=…`): owners enrol TOTP next, contributors are signed in. */
  acceptInvite: (
    http: HttpClient,
    v: { token: string; password: string },
  ): Promise<StaffEnrolment | StaffSession> =>
    http.request<StaffEnrolment | StaffSession>({
      method: 'POST',
      path: '/staff/v1/invites/accept',
      body: v,
    }),
  logout: (http: HttpClient): Promise<object> =>
    http.request<object>({ method: 'POST', path: '/staff/v1/logout' }),
  /** Ends every session of the signed-in staff member, this one included. */
  logoutAll: (http: HttpClient): Promise<object> =>
    http.request<object>({ method: 'POST', path: '/staff/v1/logout-all' }),
  /** A new password, with the current one; every other session of theirs ends (401 `INVALID_CREDENTIALS` for a wrong one). */
  changePassword: (http: HttpClient, v: { password: string; newPassword: string }): Promise<StaffSession> =>
    http.request<StaffSession>({ method: 'POST', path: '/staff/v1/me/password', body: v }),
  /** Where the signed-in staff member is signed in: this session first, then the most recently active. */
  sessions: async (http: HttpClient): Promise<StaffSessionView[]> =>
    (await http.request<{ sessions: StaffSessionView[] }>({ method: 'GET', path: '/staff/v1/me/sessions' }))
      .sessions,
  /** Ends one of their sessions (at its next request). */
  endSession: (http: HttpClient, id: string): Promise<object> =>
    http.request<object>({
      method: 'POST',
      path: '/staff/v1/me/sessions/{id}/end',
      pathParams: { id },
    }),
  /** Ends every session of theirs but this one; how many ended. */
  endOtherSessions: async (http: HttpClient): Promise<number> =>
    (
      await http.request<{ endedSessions: number }>({
        method: 'POST',
        path: '/staff/v1/me/sessions/end-others',
      })
    ).endedSessions,
  /** The staff changes recorded on one entity (an order, a product…), newest first. */
  actionsOn: async (http: HttpClient, entityId: string, limit = 20): Promise<StaffAction[]> =>
    (
      await http.request<{ actions: StaffAction[] }>({
        method: 'POST',
        path: '/staff/v1/actions/query',
        body: {
          query: {
            filter: { entityId },
            sort: [{ fieldName: 'createdDate', order: 'DESC' }],
            cursorPaging: { limit },
          },
        },
      })
    ).actions,
};
