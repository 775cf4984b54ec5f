/**
 * The signed-in member (contract members.md: `getCurrentMember`, `updateMember`, `deleteMyMember`;
 * identity's `changePassword` and the authenticator app's set-up) as plain typed calls.
 */
import type {
  IdentityFactor,
  MemberSessionView,
  MemberView,
  TotpConfirmResponse,
  TotpEnrollResponse,
} from '@vitrine/contract';
import type { HttpClient } from './http.ts';

const BASE = '/members/v1/members';
const FACTORS = '/_api/iam/authentication/v2/factors';
const SESSIONS = '/_api/iam/authentication/v2/sessions';

export type MemberPatch = { contact?: MemberView['contact']; profile?: MemberView['profile'] };

export const memberCalls = {
  /** The caller's own member, fieldset FULL. */
  me: async (http: HttpClient): Promise<MemberView> =>
    (
      await http.request<{ member: MemberView }>({
        method: 'GET',
        path: `${BASE}/my`,
        query: { fieldsets: ['FULL'] },
      })
    ).member,
  /** Deep-merges `patch` into the member (arrays such as `contact.addresses` are replaced whole). */
  update: async (http: HttpClient, id: string, patch: MemberPatch): Promise<MemberView> =>
    (
      await http.request<{ member: MemberView }>({
        method: 'PATCH',
        path: `${BASE}/{id}`,
        pathParams: { id },
        body: { member: patch },
      })
    ).member,
  /** A new password; the server ends the member's other sessions and keeps this one. */
  changePassword: async (http: HttpClient, newPassword: string): Promise<void> => {
    await http.request({
      method: 'POST',
      path: '/_api/iam/authentication/v2/change-password',
      body: { newPassword },
    });
  },
  /** The member's sign-in factors: TOTP `ACTIVE` once an authenticator app is set up. */
  factors: async (http: HttpClient): Promise<IdentityFactor[]> =>
    (await http.request<{ factors: IdentityFactor[] }>({ method: 'GET', path: FACTORS })).factors,
  /** Starts setting up an authenticator app: its secret and otpauth URI (for a QR code). */
  enrollTotp: (http: HttpClient): Promise<TotpEnrollResponse> =>
    http.request<TotpEnrollResponse>({ method: 'POST', path: `${FACTORS}/totp/enroll` }),
  /** Confirms the set-up with a code from the app: the factor is ACTIVE; 10 recovery codes, shown once. */
  confirmTotp: (http: HttpClient, code: string): Promise<TotpConfirmResponse> =>
    http.request<TotpConfirmResponse>({ method: 'POST', path: `${FACTORS}/totp/confirm`, body: { code } }),
  /** Turns the authenticator off, with a code from it or an unused recovery code. */
  removeTotp: async (http: HttpClient, code: string): Promise<void> => {
    await http.request({ method: 'POST', path: `${FACTORS}/totp/remove`, body: { code } });
  },
  /** Where the member is signed in: this session first, then the most recently active. */
  sessions: async (http: HttpClient): Promise<MemberSessionView[]> =>
    (await http.request<{ sessions: MemberSessionView[] }>({ method: 'GET', path: SESSIONS })).sessions,
  /** Signs out of one session (a lost phone): it ends within seconds, with the hosted sign-in it came from. */
  endSession: async (http: HttpClient, sessionId: string): Promise<void> => {
    await http.request({
      method: 'POST',
      path: `${SESSIONS}/{sessionId}/end`,
      pathParams: { sessionId },
    });
  },
  /** Signs out of every other device (this session stays); how many sessions ended. */
  endOtherSessions: async (http: HttpClient): Promise<number> =>
    (
      await http.request<{ endedSessions: number }>({
        method: 'POST',
        path: `${SESSIONS}/end-others`,
      })
    ).endedSessions,
  /** Deletes the signed-in member's account: their sessions end at once, on every server process. */
  deleteMe: async (http: HttpClient): Promise<void> => {
    await http.request({ method: 'DELETE', path: `${BASE}/my` });
  },
};
