/**
 * The signed-in member (contract members.md: `getCurrentMember`, `updateMember`, `deleteMyMember`;
 * identity's `changePassword`) as plain typed calls.
 */
import type { MemberView } from '@vitrine/contract';
import type { HttpClient } from './http.ts';

const BASE = '/members/v1/members';

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
  /** Deletes the signed-in member's account: their sessions end at once, on every server process. */
  deleteMe: async (http: HttpClient): Promise<void> => {
    await http.request({ method: 'DELETE', path: `${BASE}/my` });
  },
};
