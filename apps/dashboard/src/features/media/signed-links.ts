/**
 * How a private file shows to the merchant: through short-lived signed links the server makes on
 * request (`generate-file-download-url`, `generate-video-stream-url`), never by making it public and
 * never with long-lived links in the page. Links live `SHOWN_LINK_MINUTES` and are read again when
 * three quarters of that has passed (the SDK's `mediaQueries.assetLinks` / `streamUrl`), so a page
 * left open keeps working; the video player also asks again when a link is refused (403).
 */
import { useQuery } from '@tanstack/react-query';
import type { FileDescriptor } from '@vitrine/sdk';
import { mediaQueries } from '@vitrine/sdk/react';
import { useHttp } from '../../app/http.tsx';
import { previewUrl } from './format.ts';

/** The life of the links the library shows (thumbnails, previews, the player, "Download"). */
export const SHOWN_LINK_MINUTES = 15;

/** A transform of an image link (`…/<id>?<signature>` → `…/<id>/v1/<ops>/<name>?<signature>`). */
export function transformed(link: string, ops: string, name: string): string {
  const at = link.indexOf('?');
  const [path, query] = at < 0 ? [link, ''] : [link.slice(0, at), link.slice(at)];
  return `${path}/v1/${ops}/${encodeURIComponent(name)}${query}`;
}

const ready = (f: FileDescriptor) => f.private && f.operationStatus === 'READY';
const hasPoster = (f: FileDescriptor) => f.mediaType === 'VIDEO' && Boolean(f.thumbnailUrl);

/** Signed inline links to a private file's original and (videos) poster, while it is private and ready. */
function useInlineLinks(f: FileDescriptor, enabled: boolean) {
  const http = useHttp();
  return useQuery({
    ...mediaQueries.assetLinks(http, {
      fileId: f.id,
      assetKeys: hasPoster(f) ? ['src', 'poster'] : ['src'],
      expirationInMinutes: SHOWN_LINK_MINUTES,
      inline: true,
    }),
    enabled: enabled && ready(f),
  });
}

/**
 * A file's picture in `ops` (`fill/w_240,h_240,q_80`): a public one's own URL (`previewUrl`); a
 * private image's transform and a private video's poster through signed links.
 */
export function usePicture(f: FileDescriptor, ops: string): string | undefined {
  const pictured = f.mediaType === 'IMAGE' || f.mediaType === 'VECTOR' || hasPoster(f);
  const links = useInlineLinks(f, pictured).data;
  if (!f.private) return publicPicture(f, ops);
  if (!links) return undefined;
  if (f.mediaType === 'IMAGE' && links.src) return transformed(links.src, ops, f.id);
  return f.mediaType === 'VIDEO' ? links.poster : links.src;
}

function publicPicture(f: FileDescriptor, ops: string): string | undefined {
  if (f.operationStatus !== 'READY') return undefined;
  if (f.mediaType === 'IMAGE') return `${f.url}/v1/${ops}/${encodeURIComponent(f.id)}`;
  return previewUrl(f);
}

/** A signed link that downloads a private file's original under its name (undefined for public ones). */
export function useDownloadLink(f: FileDescriptor): string | undefined {
  const http = useHttp();
  return useQuery({
    ...mediaQueries.assetLinks(http, {
      fileId: f.id,
      assetKeys: ['src'],
      expirationInMinutes: SHOWN_LINK_MINUTES,
      downloadFileName: f.displayName,
    }),
    enabled: ready(f),
  }).data?.src;
}

type VideoMedia = { posters?: { url: string }[]; resolutions?: { url: string; format: string }[] };

/**
 * What the player needs of a ready video: its HLS stream, original and poster — a private one's
 * signed (`renew` asks for new links: the player calls it when a link is refused). Undefined while
 * a private video's links are being made, null when they could not be.
 */
export function useVideoSources(f: FileDescriptor) {
  const http = useHttp();
  const video = f.media.video as VideoMedia | undefined;
  const publicHls = video?.resolutions?.find((r) => r.format === 'hls')?.url;
  const stream = useQuery({
    ...mediaQueries.streamUrl(http, { fileId: f.id, expirationInMinutes: SHOWN_LINK_MINUTES }),
    enabled: ready(f) && Boolean(publicHls),
  });
  const links = useInlineLinks(f, true);
  if (!f.private)
    return {
      src: f.url,
      hls: publicHls,
      poster: video?.posters?.[0]?.url ?? f.thumbnailUrl,
      renew: undefined,
    };
  if (links.isError || stream.isError) return null;
  if (!links.data?.src || (publicHls && !stream.data)) return undefined;
  return {
    src: links.data.src,
    hls: stream.data,
    poster: links.data.poster,
    renew: () => Promise.all([links.refetch(), publicHls ? stream.refetch() : undefined]),
  };
}
