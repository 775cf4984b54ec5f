import type { MemberContact, MemberProfile } from '@vitrine/contract';
import type { JSONColumnType, Selectable } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';

export type MemberRowStatus = 'PENDING' | 'APPROVED' | 'BLOCKED' | 'OFFLINE';

export interface MembersTables {
  member: {
    id: string; login_email: string; login_email_verified: boolean; status: MemberRowStatus;
    activity_status: 'ACTIVE' | 'MUTED'; privacy_status: 'PUBLIC' | 'PRIVATE';
    contact: JSONColumnType<MemberContact>; profile: JSONColumnType<Omit<MemberProfile, 'slug'>>; slug: string;
    created_at: Date; updated_at: Date; last_login_at: Date | null;
  };
}
export type MemberRow = Selectable<MembersTables['member']>;

const json = (v: unknown) => JSON.stringify(v);

/** Inserts the member unless its slug is taken; returns the row, or undefined on a slug clash. */
export async function insertMemberIfSlugFree(db: Executor, row: MemberRow): Promise<MemberRow | undefined> {
  return db.insertInto('member')
    .values({ ...row, contact: json(row.contact), profile: json(row.profile) })
    .onConflict((oc) => oc.column('slug').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export const slugsLike = async (db: Executor, base: string): Promise<Set<string>> => {
  const rows = await db.selectFrom('member').select('slug').where('slug', 'like', `${base.replace(/[%_\\]/g, '\\$&')}%`).execute();
  return new Set(rows.map((r) => r.slug));
};

export const findMember = (db: Executor, id: string) => db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst();

export async function updateMember(db: Executor, id: string, set: Partial<Omit<MemberRow, 'id' | 'created_at'>>): Promise<MemberRow | undefined> {
  const { contact, profile, ...rest } = set;
  return db.updateTable('member')
    .set({ ...rest, ...(contact ? { contact: json(contact) } : {}), ...(profile ? { profile: json(profile) } : {}) }).where('id', '=', id).returningAll().executeTakeFirst();
}
