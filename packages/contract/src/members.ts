import { z } from 'zod';
import { withAddressLine } from './addresses.ts';
import { offsetPaging, offsetPagingMetadata, offsetQuery, sorting } from './query.ts';
import { id, isoDate, qs } from './scalars.ts';

/** Member enums (contract/members.md §3). */
export const memberStatus = z.enum(['UNKNOWN', 'PENDING', 'APPROVED', 'BLOCKED', 'OFFLINE']);
export const memberActivityStatus = z.enum(['UNKNOWN', 'ACTIVE', 'MUTED']);
export const memberPrivacyStatus = z.enum(['UNKNOWN', 'PRIVATE', 'PUBLIC']);
export const memberFieldset = z.enum(['PUBLIC', 'EXTENDED', 'FULL']);
export type MemberStatus = z.infer<typeof memberStatus>;

/** A member image (photo, cover): kept as an object on the wire, no media conversion (members.md §2). */
export const memberImage = z.object({
  id: z.string().max(500).optional(),
  url: z.string().max(2000).optional(),
  height: z.number().int().min(0).optional(),
  width: z.number().int().min(0).optional(),
  offsetX: z.number().int().optional(),
  offsetY: z.number().int().optional(),
});

/** Member contact addresses keep `addressLine` on both sides (no ecom address conversion). */
export const memberAddress = z
  .object({
    id: z.string().max(100).optional(),
    addressLine: z.string().max(500).optional(),
    addressLine2: z.string().max(500).optional(),
    streetAddress: z
      .object({ number: z.string().max(50).optional(), name: z.string().max(200).optional() })
      .optional(),
    city: z.string().max(200).optional(),
    subdivision: z.string().max(200).optional(),
    country: z.string().max(100).optional(),
    postalCode: z.string().max(50).optional(),
  })
  .transform(withAddressLine);

export const memberContact = z.object({
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
  phones: z.array(z.string().max(50)).max(20).optional(),
  emails: z.array(z.string().max(320)).max(20).optional(),
  addresses: z.array(memberAddress).max(20).optional(),
  birthdate: z.string().max(10).optional(),
  company: z.string().max(200).optional(),
  jobTitle: z.string().max(200).optional(),
  customFields: z
    .record(z.string(), z.object({ name: z.string().optional(), value: z.unknown() }))
    .optional(),
});

export const memberProfile = z.object({
  nickname: z.string().max(100).optional(),
  slug: z.string().max(100).optional(),
  photo: memberImage.optional(),
  cover: memberImage.optional(),
  title: z.string().max(200).optional(),
});

/** The member entity in REST form (contract/members.md §2). */
export const member = z.object({
  id,
  loginEmail: z.string(),
  loginEmailVerified: z.boolean(),
  status: memberStatus,
  contactId: z.string(),
  contact: memberContact,
  profile: memberProfile,
  privacyStatus: memberPrivacyStatus,
  activityStatus: memberActivityStatus,
  createdDate: isoDate,
  updatedDate: isoDate,
  lastLoginDate: isoDate.optional(),
});
export type Member = z.infer<typeof member>;
export type MemberContact = z.infer<typeof memberContact>;
export type MemberAddress = z.infer<typeof memberAddress>;
export type MemberProfile = z.infer<typeof memberProfile>;

export const memberResponse = z.object({ member });

/** A member as an answer carries it: only the fields of the fieldset the caller may see (members README). */
export const memberView = member.partial().extend({ id });
export type MemberView = z.infer<typeof memberView>;
export const memberViewResponse = z.object({ member: memberView });
export const membersPage = z.object({ members: z.array(memberView), metadata: offsetPagingMetadata });

/** `fieldsets` in a query string: repeated keys, or one. */
export const memberFieldsets = qs.array(memberFieldset).pipe(z.array(memberFieldset).max(3));

/** A slug: 1-100 lower-case letters, digits and dashes. */
export const memberSlug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9-]+$/, 'must contain only lower-case letters, digits and dashes');

/** `GET /members/v1/members` (plain or `.r`). */
export const listMembersQuery = z.strictObject({
  paging: offsetPaging.optional(),
  fieldsets: memberFieldsets.optional(),
  sorting: z.array(sorting).max(5).optional(),
});
export const getMemberQuery = z.strictObject({ fieldsets: memberFieldsets.optional() });
export const getMyMemberQuery = z.strictObject({
  fieldsets: memberFieldsets.optional(),
  fieldSet: memberFieldset.optional(),
});

export const memberSearch = z.strictObject({
  expression: z.string().max(200).nullish(),
  fields: z.array(z.string().max(100)).max(10).nullish(),
});
/** `POST /members/v1/members/query`: the builder sends `sort`, the REST type names it `sorting`. */
export const queryMembersRequest = z.strictObject({
  query: offsetQuery.extend({ sorting: z.array(sorting).max(5).nullish() }).optional(),
  fieldsets: z.array(memberFieldset).max(3).optional(),
  search: memberSearch.nullish(),
});
export type QueryMembersRequest = z.infer<typeof queryMembersRequest>;

export const updateSlugRequest = z.strictObject({ id: id.optional(), slug: memberSlug });

/** What create and update accept; read-only fields a client echoes back (status, dates…) are ignored. */
const writableMember = z.object({
  contact: memberContact.optional(),
  profile: memberProfile.extend({ slug: memberSlug.optional() }).optional(),
  privacyStatus: z.enum(['PUBLIC', 'PRIVATE']).optional(),
});
export const createMemberRequest = z.strictObject({
  member: writableMember.extend({ loginEmail: z.email().max(320) }),
});
export const updateMemberRequest = z.strictObject({ member: writableMember.extend({ id: id.optional() }) });
export type MemberPatch = z.infer<typeof writableMember>;
