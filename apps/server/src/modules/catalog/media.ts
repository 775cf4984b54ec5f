import { ENTITY_FQDN, eventType, type FileDescriptor } from '@vitrine/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { violation } from '../../platform/errors.ts';
import type { Subscriber } from '../../platform/events.ts';
import { descriptorsById, importFile, libraryFileId } from '../media/index.ts';

/**
 * A product's (or category's) picture is kept as one string: the library file's URL, with the
 * image's size in the fragment the platform's `wix:image` ids use (`#originWidth=800&originHeight=800`)
 * once the library knows it. Lists read it in their one statement; nothing else is looked up.
 * A URL that is not (yet) a library file is kept as given: older data, or an import still running.
 */
export interface MediaEntry {
  url: string;
  id?: string;
  width?: number;
  height?: number;
}

const SIZE = /(?:^|&)originWidth=(\d+)&originHeight=(\d+)/;
const lastSegment = (url: string) => {
  try {
    return decodeURIComponent(url.split('?')[0]!.split('/').pop() ?? '');
  } catch {
    return '';
  }
};

/** Parses a stored entry. */
export function parseEntry(entry: string): MediaEntry {
  const [url, fragment = ''] = entry.split('#', 2) as [string, string?];
  const id = lastSegment(url);
  const size = SIZE.exec(fragment);
  return {
    url,
    ...(url.includes('/media/') && /~mv2\.[a-z0-9]+$/.test(id) ? { id } : {}),
    ...(size ? { width: Number(size[1]), height: Number(size[2]) } : {}),
  };
}

/** The stored entry of a library file (its size once READY). */
export function entryOf(d: FileDescriptor): string {
  const image = (d.media as { image?: { image?: { width?: number; height?: number } } }).image?.image;
  return d.operationStatus === 'READY' && image?.width && image.height
    ? `${d.url}#originWidth=${image.width}&originHeight=${image.height}`
    : d.url;
}

/** What a writer names a picture by: a library file id, or a URL (this server's file URLs, `wix:image` strings, or one to import). */
export interface MediaRef {
  id?: string | undefined;
  url?: string | undefined;
}

/**
 * The stored entries for pictures a writer names: library files must exist and be images; another URL
 * is imported into the library and kept as given until the copy is READY (`mediaReadySubscriber`).
 */
export async function resolveMedia(ctx: Ctx, refs: readonly MediaRef[], field: string): Promise<string[]> {
  const ids = refs.map((r) => (r.id ? r.id : r.url ? libraryFileId(ctx, r.url) : undefined));
  const known = await descriptorsById(
    ctx,
    ids.filter((i): i is string => !!i),
  );
  const out: string[] = [];
  for (const [i, r] of refs.entries()) {
    const id = ids[i];
    if (id) {
      const d = known.get(id);
      if (!d) throw violation(`${field}.${i}`, `no library file ${id}`, 'VALIDATION');
      if (d.mediaType !== 'IMAGE' && d.mediaType !== 'VECTOR')
        throw violation(`${field}.${i}`, `library file ${id} is not an image`, 'FORMAT');
      out.push(entryOf(d));
    } else if (r.url) {
      await importFile(ctx, { url: r.url, mediaType: 'IMAGE', labels: ['catalog'] }, `${field}.${i}.`);
      out.push(r.url);
    } else throw violation(`${field}.${i}`, 'needs an id or a url');
  }
  return [...new Set(out)];
}

type RefInput = { id?: string | undefined; url?: string | undefined; image?: MediaRef | null | undefined };
/** The pictures a v3 write names, main first (an item may name its file by `id`, `url` or `image`). */
export function refsOf(m: {
  main?: RefInput | null | undefined;
  itemsInfo?: { items: RefInput[] } | null | undefined;
}): MediaRef[] {
  const ref = (r: RefInput): MediaRef => ({ id: r.id ?? r.image?.id, url: r.url ?? r.image?.url });
  return [...(m.main ? [m.main] : []), ...(m.itemsInfo?.items ?? [])].map(ref);
}

const READY = eventType(ENTITY_FQDN.mediaFile, 'file_ready');

/**
 * A picture given by URL stays that URL until the library has its copy: when the import is READY, the
 * products and categories naming the source URL name the library file instead (with its size); so do
 * those that named a library file while it was still processing (its URL, without a size). A
 * failed import changes nothing (the product keeps the address it was given).
 */
export const mediaReadySubscriber: Subscriber = {
  name: 'catalog.media-ready',
  eventTypes: [READY],
  async handle(ctx, event) {
    const [d] = (await descriptorsById(ctx, [event.entityId])).values();
    if (!d || d.operationStatus !== 'READY') return;
    if (d.mediaType !== 'IMAGE' && d.mediaType !== 'VECTOR') return;
    const to = entryOf(d);
    const now = ctx.clock.now();
    // The source URL of an import, and the file's own URL saved while it was still processing (no size yet).
    for (const from of [d.sourceUrl, d.url]) {
      if (!from || from === to) continue;
      await sql`update catalog_product set media_urls = array_replace(media_urls, ${from}, ${to}),
        revision = revision + 1, updated_at = ${now} where ${from} = any(media_urls)`.execute(ctx.db);
      await sql`update catalog_category set image_url = ${to}, revision = revision + 1, updated_at = ${now}
        where image_url = ${from}`.execute(ctx.db);
    }
  },
};
