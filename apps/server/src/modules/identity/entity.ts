import type { Identity, IdentityProfile, LoginState, StateMachineResponse } from '@vitrine/contract';
import type { Executor } from '../../platform/db/tx.ts';
import { listFactors, type FactorRow, type IdentityRow } from './store.ts';

/** The identity as the wire shows it (contract oauth-identity.md §3). Secrets never leave. */
export function toIdentityEntity(r: IdentityRow, factors: FactorRow[]): Identity {
  const emails = r.profile.emails?.length ? r.profile.emails : [r.email];
  return {
    id: r.id,
    revision: String(r.revision),
    createdDate: r.created_at.toISOString(),
    updatedDate: r.updated_at.toISOString(),
    connections: [],
    identityProfile: { ...r.profile, emails } satisfies IdentityProfile,
    email: { address: r.email, isVerified: r.email_verified },
    status: { name: r.status, reasons: r.reasons },
    factors: factors.map((f) => ({ factorId: f.id, type: f.type, status: f.status })),
  };
}

export async function identityEntity(db: Executor, r: IdentityRow): Promise<Identity> {
  return toIdentityEntity(r, await listFactors(db, r.id));
}

export function stateResponse(
  state: LoginState,
  o: {
    identity: Identity | null;
    sessionToken?: string;
    stateToken?: string;
    additionalData?: Record<string, unknown>;
  },
): StateMachineResponse {
  return {
    state,
    sessionToken: o.sessionToken ?? null,
    stateToken: o.stateToken ?? null,
    identity: o.identity,
    additionalData: o.additionalData ?? {},
  };
}
