import type { Ctx } from '../../platform/context.ts';
import { violation } from '../../platform/errors.ts';
import { parseEntry, resolveMedia } from './media.ts';
import { changeProductMedia } from './service.ts';

interface AddedMedia {
  mediaId?: string | null | undefined;
  url?: string | null | undefined;
  choice?: { option: string; choice: string } | null | undefined;
}

/** The id a v1 answer gives a picture (its library file id; the file name for older URLs). */
const mediaIdOf = (entry: string) => {
  const e = parseEntry(entry);
  return e.id ?? e.url.split('/').pop()!.split('?')[0]!;
};

/**
 * v1 `addProductMedia`: library files (by id) and URLs (imported into the library) go after the
 * product's pictures. Pictures per option choice are not kept by this catalog: such an item is refused.
 */
export async function addProductMediaV1(ctx: Ctx, productId: string, media: readonly AddedMedia[]) {
  for (const [i, m] of media.entries())
    if (m.choice)
      throw violation(`media.${i}.choice`, 'pictures per option choice are not supported; leave choice out');
  const entries = await resolveMedia(
    ctx,
    media.map((m) => ({ id: m.mediaId ?? undefined, url: m.url ?? undefined })),
    'media',
  );
  await changeProductMedia(ctx, productId, (current) => {
    const have = new Set(current.map(mediaIdOf));
    return [...current, ...entries.filter((e) => !have.has(mediaIdOf(e)))];
  });
  return {};
}

/** v1 `removeProductMedia`: the pictures with these ids go (no ids: every picture). */
export async function removeProductMediaV1(
  ctx: Ctx,
  productId: string,
  mediaIds: readonly string[] | null | undefined,
) {
  const gone = mediaIds?.length ? new Set(mediaIds) : undefined;
  await changeProductMedia(ctx, productId, (current) =>
    gone ? current.filter((e) => !gone.has(mediaIdOf(e))) : [],
  );
  return {};
}
