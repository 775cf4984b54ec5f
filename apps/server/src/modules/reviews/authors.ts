/** Who writes a review, what they may attach, how often they may write, and what they review. */
import type { FileDescriptor } from '@vitrine/contract';
import type { z } from 'zod';
import type { reviewMediaInput } from '@vitrine/contract';
import { publicName } from '@vitrine/contract/public-name';
import type { Ctx } from '../../platform/context.ts';
import { AppError, forbidden, notFound, violation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { productSummaries } from '../catalog/index.ts';
import { descriptorsById, getFileDescriptors, libraryFileId } from '../media/index.ts';
import { getMember } from '../members/index.ts';
import { recentCount, type ReviewRow, type StoredReviewMedia } from './store.ts';

export const NAMESPACES = ['stores'] as const;
/** Reviews an author (not an admin) may write per hour, and a client address. */
export const AUTHOR_HOURLY = 10;
export const ADDRESS_HOURLY = 30;

export interface Author {
  type: ReviewRow['author_type'];
  key: string;
  contactId: string | null;
  memberId: string | null;
  visitorId: string | null;
  name: string | null;
  email: string | null;
  origin: ReviewRow['origin_type'];
  appId: string | null;
}

const clip = (s: string | null | undefined, n: number) => (s ? s.trim().slice(0, n) || null : null);

/**
 * The caller as a review's author. `given`: the name and e-mail of create-with-contact, or the
 * `author` of create (honoured for admins and apps; a visitor's name).
 */
export async function authorOf(
  ctx: Ctx,
  given: { name?: string | null; email?: string | null; contactId?: string | null; authorType?: string },
): Promise<Author> {
  const c = ctx.caller;
  if (c.role === 'admin') {
    const contactId = given.contactId?.trim() || null;
    return {
      type: (given.authorType as Author['type'] | undefined) ?? (contactId ? 'MEMBER' : 'UNKNOWN'),
      key: contactId ? `contact:${contactId}` : `app:${newId()}`,
      contactId,
      memberId: null,
      visitorId: null,
      name: clip(given.name, 100),
      email: given.email?.trim().toLowerCase() ?? null,
      origin: 'APP',
      appId: c.appId ?? (c.userId ? null : 'vitrine'),
    };
  }
  if (c.role === 'member') {
    const m = await getMember(ctx, c.memberId);
    if (!m || m.status === 'BLOCKED') throw forbidden('Blocked members cannot write reviews');
    if (m.activityStatus === 'MUTED') {
      throw new AppError(403, 'MEMBER_MUTED', 'Muted members cannot write reviews', { memberId: m.id });
    }
    return {
      type: 'MEMBER',
      key: `member:${m.id}`,
      contactId: m.contactId ?? m.id,
      memberId: m.id,
      visitorId: c.visitorId ?? null,
      name: publicName(m) ?? clip(given.name, 100) ?? 'Member',
      email: m.loginEmail ?? null,
      origin: 'ORGANIC',
      appId: null,
    };
  }
  if (c.role === 'visitor') {
    const email = given.email?.trim().toLowerCase() || null;
    return {
      type: 'VISITOR',
      key: email ? `email:${email}` : `visitor:${c.visitorId}`,
      contactId: null,
      memberId: null,
      visitorId: c.visitorId,
      name: clip(given.name, 100) ?? 'Guest',
      email,
      origin: 'ORGANIC',
      appId: null,
    };
  }
  throw forbidden('Sign in or use a visitor token to write a review');
}

/** The reviewed entity: an existing product (visible, unless an admin writes). */
export async function checkEntity(ctx: Ctx, namespace: string, entityId: string, field = 'review') {
  if (!(NAMESPACES as readonly string[]).includes(namespace)) {
    throw violation(`${field}.namespace`, 'must be "stores"', 'VALIDATION', { allowed: NAMESPACES });
  }
  const [p] = await productSummaries(ctx.db, [entityId]);
  if (!p || (!p.visible && ctx.caller.role !== 'admin')) {
    throw notFound('Entity', { namespace, entityId }, 'ENTITY_NOT_FOUND');
  }
  return p;
}

/** 429 when the author or the client address wrote too many reviews in the last hour (admins excepted). */
export async function checkRate(ctx: Ctx, author: Author, ip: string | null) {
  if (ctx.caller.role === 'admin') return;
  const since = new Date(ctx.clock.now().getTime() - 3_600_000);
  const tooMany = (what: string, limit: number) =>
    new AppError(429, 'TOO_MANY_REQUESTS', `At most ${limit} reviews an hour ${what}; try again later`, {
      limit,
    });
  if ((await recentCount(ctx.db, { authorKey: author.key }, since)) >= AUTHOR_HOURLY) {
    throw tooMany('per author', AUTHOR_HOURLY);
  }
  if (ip && (await recentCount(ctx.db, { ip }, since)) >= ADDRESS_HOURLY) {
    throw tooMany('from one address', ADDRESS_HOURLY);
  }
}

type MediaInput = z.infer<typeof reviewMediaInput>;

/** The path of a file's poster or stream below its URL (`poster.jpg`, `hls/index.m3u8`). */
const posterKey = (fileUrl: string, url: string) =>
  url.startsWith(`${fileUrl}/`) ? url.slice(fileUrl.length + 1) : '';

/** Library files a review may show: a member's own uploads, any file for admins; none for visitors. */
export async function resolveMedia(
  ctx: Ctx,
  media: readonly MediaInput[],
  field: string,
): Promise<StoredReviewMedia[]> {
  if (media.length === 0) return [];
  if (ctx.caller.role !== 'member' && ctx.caller.role !== 'admin') {
    throw violation(
      field,
      'only members (their own uploads) and admins attach photos and videos',
      'VALIDATION',
    );
  }
  const ids = media.map((m, i) => {
    const ref = m.image ?? m.video!;
    const id = libraryFileId(ctx, ref.id ?? ref.url ?? '');
    if (!id) throw violation(`${field}.${i}`, 'must name a media library file (its id or URL)', 'VALIDATION');
    return id;
  });
  let found: Map<string, FileDescriptor>;
  if (ctx.caller.role === 'admin') {
    found = await descriptorsById(ctx, ids);
  } else {
    const list = await getFileDescriptors(ctx, ids);
    found = new Map(list.map((d) => [d.id, d]));
  }
  return media.map((m, i) => {
    const d = found.get(ids[i]!);
    if (!d) throw notFound('File', { fileId: ids[i] }, 'FILE_NOT_FOUND');
    const kind = m.image ? 'image' : 'video';
    if ((kind === 'image') !== (d.mediaType === 'IMAGE')) {
      throw violation(
        `${field}.${i}`,
        `the file is not ${kind === 'image' ? 'an image' : 'a video'}`,
        'VALIDATION',
      );
    }
    if (d.operationStatus === 'FAILED') {
      throw violation(`${field}.${i}`, 'the file could not be processed', 'VALIDATION');
    }
    const media = d.media as {
      image?: { image?: { width?: number; height?: number } };
      video?: {
        durationInMilliseconds?: number;
        posters?: { url: string; width: number; height: number }[];
        resolutions?: { url: string; width: number; height: number; format: string }[];
      };
    };
    const fileUrl = d.url;
    return kind === 'image'
      ? {
          kind,
          id: d.id,
          width: media.image?.image?.width ?? m.image?.width ?? 0,
          height: media.image?.image?.height ?? m.image?.height ?? 0,
          ...(m.image?.altText ? { altText: m.image.altText.slice(0, 200) } : {}),
          filename: d.displayName,
        }
      : {
          kind,
          id: d.id,
          filename: d.displayName,
          ...(media.video?.durationInMilliseconds !== undefined
            ? { durationMs: media.video.durationInMilliseconds }
            : {}),
          posters: (media.video?.posters ?? [])
            .map((p) => ({ key: posterKey(fileUrl, p.url), width: p.width, height: p.height }))
            .filter((p) => p.key),
          // The streams the library made (HLS, DASH), for the shop's player.
          resolutions: (media.video?.resolutions ?? [])
            .map((r) => ({
              key: posterKey(fileUrl, r.url),
              width: r.width,
              height: r.height,
              format: r.format,
            }))
            .filter((r) => r.key),
        };
  });
}
