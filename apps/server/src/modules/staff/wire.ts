import type { StaffAction, StaffMember } from '@vitrine/contract';
import type { ApiKeyRow } from '../../platform/auth.ts';
import type { ActionRow, StaffRow } from './store.ts';

/** The wire's staff member (never a secret: no hash, no TOTP secret). */
export const toStaffMember = (r: StaffRow): StaffMember => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  status: r.status === 'INVITED' ? 'INVITED' : 'ACTIVE',
  totpEnrolled: r.totp_secret !== null,
  createdDate: r.created_at.toISOString(),
  lastLoginDate: r.last_login_at?.toISOString() ?? null,
});

export const toAction = (r: ActionRow): StaffAction => ({
  id: r.id,
  staffId: r.staff_id,
  staffEmail: r.staff_email,
  staffName: r.staff_name,
  method: r.method,
  route: r.route,
  path: r.path,
  entityId: r.entity_id,
  status: r.status,
  createdDate: r.created_at.toISOString(),
});

export const toApiKey = (r: ApiKeyRow) => ({
  id: r.id,
  name: r.name,
  createdDate: r.created_at.toISOString(),
  revokedDate: r.revoked_at?.toISOString() ?? null,
});
