import type { MemberContact, MemberProfile } from '@vitrine/contract';
import { sql, type JSONColumnType, type Selectable, type SqlBool } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';

export type MemberRowStatus = 'PENDING' | 'APPROVED' | 'BLOCKED' | 'OFFLINE';

export interface MembersTables {
  member: {
    id: string;
    login_email: string;
    login_email_verified: boolean;
    status: MemberRowStatus;
    activity_status: 'ACTIVE' | 'MUTED';
    privacy_status: 'PUBLIC' | 'PRIVATE';
    contact: JSONColumnType<MemberContact>;
    profile: JSONColumnType<Omit<MemberProfile, 'slug'>>;
    slug: string;
    created_at: Date;
    updated_at: Date;
    last_login_at: Date | null;
  };
}
export type MemberRow = Selectable<MembersTables['member']>;

const json = (v: unknown) => JSON.stringify(v);

/** Inserts the member unless its slug is taken; returns the row, or undefined on a slug clash. */
export async function insertMemberIfSlugFree(db: Executor, row: MemberRow): Promise<MemberRow | undefined> {
  return db
    .insertInto('member')
    .values({ ...row, contact: json(row.contact), profile: json(row.profile) })
    .onConflict((oc) => oc.column('slug').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export const slugsLike = async (db: Executor, base: string): Promise<Set<string>> => {
  const rows = await db
    .selectFrom('member')
    .select('slug')
    .where('slug', 'like', `${base.replace(/[%_\\]/g, '\\$&')}%`)
    .execute();
  return new Set(rows.map((r) => r.slug));
};

export const findMember = (db: Executor, id: string) =>
  db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst();

export async function updateMember(
  db: Executor,
  id: string,
  set: Partial<Omit<MemberRow, 'id' | 'created_at'>>,
): Promise<MemberRow | undefined> {
  const { contact, profile, ...rest } = set;
  return db
    .updateTable('member')
    .set({
      ...rest,
      ...(contact ? { contact: json(contact) } : {}),
      ...(profile ? { profile: json(profile) } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export const findMemberByEmail = (db: Executor, email: string) =>
  db
    .selectFrom('member')
    .selectAll()
    .where(sql<SqlBool>`lower(login_email) = ${email.toLowerCase()}`)
    .executeTakeFirst();

/** The member's row locked for an update in the current transaction. */
export const findMemberForUpdate = (db: Executor, id: string) =>
  db.selectFrom('member').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const slugOwner = async (db: Executor, slug: string): Promise<string | undefined> =>
  (await db.selectFrom('member').select('id').where('slug', '=', slug).executeTakeFirst())?.id;

/** Search columns by wire field path (trusted SQL). */
export const SEARCH_SQL: Record<string, string> = {
  'profile.nickname': "profile->>'nickname'",
  'profile.slug': 'slug',
  loginEmail: 'login_email',
  'contact.firstName': "contact->>'firstName'",
  'contact.lastName': "contact->>'lastName'",
};

export interface MemberScope {
  /** Only members whose profile is public, plus this member (a member sees themself). */
  publicOnly?: { self?: string };
  search?: { expression: string; fields: string[] };
}

/** The rows a list or query starts from: the caller's scope and search; filter, sort and paging are added by the query compiler. */
export function membersBase(db: Executor, scope: MemberScope) {
  let qb = db.selectFrom('member').selectAll();
  if (scope.publicOnly) {
    const self = scope.publicOnly.self;
    qb = self
      ? qb.where(sql<SqlBool>`(privacy_status = 'PUBLIC' or id = ${self})`)
      : qb.where('privacy_status', '=', 'PUBLIC');
  }
  if (scope.search) {
    // Each word of the expression must start one of the searched fields (case-insensitive):
    // "ada love" finds Ada Lovelace. Prefix matches on C-collated lower-case keys, which the
    // member_search_* indexes serve as ranges; a contains-anywhere match would scan every member.
    const words = scope.search.expression.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
    const prefixOf = (f: string, w: string) =>
      sql<SqlBool>`(lower(${sql.raw(SEARCH_SQL[f]!)}) collate "C") like ${`${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
    const each = words.map(
      (w) =>
        sql<SqlBool>`(${sql.join(
          scope.search!.fields.map((f) => prefixOf(f, w)),
          sql` or `,
        )})`,
    );
    if (each.length) qb = qb.where(sql<SqlBool>`(${sql.join(each, sql` and `)})`);
  }
  return qb;
}

const STATUS = ['PENDING', 'APPROVED', 'BLOCKED', 'OFFLINE', 'UNKNOWN'] as const;
const PUBLIC_FIELDS: QuerySpec['fields'] = {
  id: { sql: 'id', type: 'uuid', sortable: true },
  contactId: { sql: 'id', type: 'uuid', sortable: true },
  'profile.nickname': {
    sql: "profile->>'nickname'",
    sortSql: `(lower(profile->>'nickname') collate "C")`,
    type: 'string',
    sortable: true,
  },
  'profile.slug': { sql: 'slug', type: 'string', sortable: true },
  'profile.title': { sql: "profile->>'title'", type: 'string', sortable: true },
};
/** What visitors and other members may filter and sort on: the PUBLIC fieldset only. */
export const PUBLIC_MEMBER_QUERY: QuerySpec = {
  entity: 'member',
  fields: PUBLIC_FIELDS,
  idSql: 'id',
  defaultSort: [{ fieldName: 'profile.slug', order: 'ASC' }],
};
/** What admins may filter and sort on. */
export const MEMBER_QUERY: QuerySpec = {
  entity: 'member',
  idSql: 'id',
  defaultSort: [{ fieldName: 'createdDate', order: 'ASC' }],
  fields: {
    ...PUBLIC_FIELDS,
    status: { sql: 'status', type: 'string', sortable: true, values: STATUS },
    loginEmail: { sql: 'login_email', type: 'string', sortable: true },
    loginEmailVerified: { sql: 'login_email_verified', type: 'boolean', sortable: true },
    privacyStatus: {
      sql: 'privacy_status',
      type: 'string',
      sortable: true,
      values: ['PUBLIC', 'PRIVATE', 'UNKNOWN'],
    },
    activityStatus: {
      sql: 'activity_status',
      type: 'string',
      sortable: true,
      values: ['ACTIVE', 'MUTED', 'UNKNOWN'],
    },
    'contact.firstName': { sql: "contact->>'firstName'", type: 'string', sortable: true },
    'contact.lastName': { sql: "contact->>'lastName'", type: 'string', sortable: true },
    createdDate: { sql: 'created_at', type: 'date', sortable: true },
    updatedDate: { sql: 'updated_at', type: 'date', sortable: true },
    lastLoginDate: { sql: 'last_login_at', type: 'date', sortable: true },
  },
};
