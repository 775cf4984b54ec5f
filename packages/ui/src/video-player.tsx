/**
 * A video player for the store's videos (the dashboard's media library, the shop's review videos):
 * the server's HLS stream when it made one — played by hls.js where Media Source Extensions exist
 * (loaded on first use, a chunk of its own: no app's first load carries it), by the browser itself
 * where it plays `application/vnd.apple.mpegurl` (Safari, iOS without MSE) — else the original file,
 * which is also where a stream that fails falls back to. The browser's own controls (Tab reaches
 * them, Space plays), an accessible name, the poster before it starts. A video that cannot be
 * played at all says so and offers the file. `data-source` on the `<video>` tells which way it plays.
 *
 * Signed links (a private file's, which expire): new links to the same paths (only their query
 * differs) do not restart the player. hls.js asks for every playlist and segment with the newest
 * link's query, and a stream or file refused with 403 calls `onLinkExpired` (ask for new links):
 * when they come, it plays again from where it was.
 */
import { useEffect, useRef, useState } from 'react';
import { linkClass } from './classes.ts';

export type VideoSource = 'hls.js' | 'native-hls' | 'original';

export interface VideoPlayerProps {
  /** The original file: played where no stream can be, and offered when nothing plays. */
  src: string;
  /** The HLS playlist (`….m3u8`), when the server made one. */
  hls?: string | undefined;
  poster?: string | undefined;
  /** The accessible name, e.g. "Video: clip.mp4". */
  label: string;
  /** The file's name, in the link offered when the browser cannot play it. */
  fileName: string;
  className?: string;
  /**
   * Signed links only: the stream or the file was refused (403, an expired link). Give new `src`
   * and `hls` (same paths, a new query); playback goes on from where it was (when they come, or
   * when the promise returned settles).
   */
  onLinkExpired?: (() => unknown) | undefined;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

interface HlsInstance {
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  on(
    event: string,
    listener: (event: string, data: { fatal: boolean; response?: { code?: number } }) => void,
  ): void;
  destroy(): void;
}
interface HlsClass {
  new (config?: Record<string, unknown>): HlsInstance;
  isSupported(): boolean;
  Events: { ERROR: string };
}

/**
 * hls.js's light build (no subtitles, alternate audio or DRM: the server's streams have none),
 * imported when a stream is first played. The package declares no types for this entry.
 */
const loadHls = () =>
  // @ts-expect-error hls.js ships types for its full build only; the light build has the same API.
  import('hls.js/light').then((m: { default: HlsClass }) => m.default);

const hasMediaSource = () =>
  typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);

/** A link without its query (what stays the same when a signed link is renewed). */
const pathOf = (url: string | undefined) => url?.split('?')[0];
const queryOf = (url: string | undefined) => (url?.includes('?') ? url.slice(url.indexOf('?')) : '');

/** Whether the file answers 403 (an expired or refused signed link) to a one-byte read. */
const refused = (url: string) =>
  fetch(url, { headers: { range: 'bytes=0-0' }, credentials: 'same-origin' }).then(
    (r) => {
      void r.body?.cancel();
      return r.status === 403;
    },
    () => false,
  );

export function VideoPlayer({
  src,
  hls,
  poster,
  label,
  fileName,
  className,
  onLinkExpired,
}: VideoPlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  // The original that could not be played (none, or an earlier `src`, while this one may play).
  const [failed, setFailed] = useState<string>();
  const unplayable = failed === src;
  // The way it plays now, read by the error handler (a stream that fails falls back to the file).
  const current = useRef<{ source?: VideoSource; fallBack: () => void; originalFailed: () => void }>({
    fallBack: () => {},
    originalFailed: () => {},
  });
  // The newest links (a renewal changes only their query), read when a request is made.
  const links = useRef({ src, hls, onLinkExpired });
  // Set while new links are awaited after a 403: the links refused, and where playback was.
  const renewing = useRef<{ src: string; hls?: string | undefined; at: number; playing: boolean }>(undefined);
  // Bumped when the awaited links came: the player starts again, from where it was.
  const [attempt, setAttempt] = useState(0);
  const srcPath = pathOf(src);
  const hlsPath = pathOf(hls);

  useEffect(() => {
    links.current = { src, hls, onLinkExpired };
    const r = renewing.current;
    if (r && (r.src !== src || r.hls !== hls)) setAttempt((n) => n + 1);
  }, [src, hls, onLinkExpired]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let stream: HlsInstance | undefined;
    let done = false;
    const resume = renewing.current;
    renewing.current = undefined;
    // Links are renewed once per refusal: a run started by a renewal that is refused before it
    // played at all is not renewed again (the file cannot be had, expiry was not the reason).
    let renewed = Boolean(resume);
    video.addEventListener('playing', () => (renewed = false), { once: true });
    if (resume) {
      video.addEventListener(
        'loadedmetadata',
        () => {
          video.currentTime = resume.at;
          if (resume.playing) void video.play().catch(() => {});
        },
        { once: true },
      );
    }
    /** Asks for new links (a 403): the player starts again when they come. */
    const renew = () => {
      const { src: s, hls: h, onLinkExpired: ask } = links.current;
      if (!ask || renewed) return false;
      renewed = true;
      const wait = { src: s, hls: h, at: video.currentTime, playing: !video.paused };
      renewing.current = wait;
      // New links start the player again as they come (above); links that came back the same (signed
      // in the same second) do once the renewal settled.
      void Promise.resolve(ask())
        .catch(() => {})
        .then(() => setTimeout(() => renewing.current === wait && setAttempt((n) => n + 1), 100));
      return true;
    };
    // Which way it plays is written on the element (`data-source`), not kept in React's state.
    const via = (next: VideoSource) => {
      current.current.source = next;
      video.dataset.source = next;
    };
    const play = (next: VideoSource, url: string) => {
      via(next);
      video.src = url;
    };
    const original = () => {
      stream?.destroy();
      stream = undefined;
      play('original', links.current.src);
    };
    const nativeOrOriginal = () => {
      const h = links.current.hls;
      if (h && video.canPlayType(HLS_TYPE)) play('native-hls', h);
      else original();
    };
    /** The file failed: a refused link is renewed (once), anything else cannot be played. */
    const originalFailed = () => {
      const s = links.current.src;
      if (!links.current.onLinkExpired || renewed) return setFailed(s);
      void refused(s).then((no) => {
        if (!done && !(no && renew())) setFailed(s);
      });
    };
    current.current = { fallBack: original, originalFailed };
    const h = links.current.hls;
    if (h && hasMediaSource()) {
      via('hls.js');
      const folder = h.split('?')[0]!.replace(/[^/]*$/, '');
      loadHls().then(
        (Hls) => {
          if (done) return;
          if (!Hls.isSupported()) return nativeOrOriginal();
          // No worker: the streams are fMP4, which need no transmuxing, and a worker would need
          // `worker-src blob:` in the page's CSP. Each request of the stream carries the newest
          // link's query (a signed stream's links are renewed while it plays).
          stream = new Hls({
            capLevelToPlayerSize: true,
            enableWorker: false,
            xhrSetup: (xhr: XMLHttpRequest, url: string) => {
              const q = queryOf(links.current.hls);
              if (q && url.startsWith(folder)) xhr.open('GET', `${url.split('?')[0]}${q}`, true);
            },
          });
          stream.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal || done) return;
            if (data.response?.code === 403 && renew()) {
              stream?.destroy();
              stream = undefined;
              return;
            }
            original();
          });
          stream.loadSource(h);
          stream.attachMedia(video);
        },
        () => {
          if (!done) nativeOrOriginal();
        },
      );
    } else {
      nativeOrOriginal();
    }
    return () => {
      done = true;
      stream?.destroy();
    };
    // The paths, not the links: a renewed link (a new query) does not restart playback.
  }, [srcPath, hlsPath, attempt]);

  return (
    <figure className="w-full">
      <video
        ref={ref}
        controls
        preload="metadata"
        poster={poster}
        aria-label={label}
        onError={() => {
          // A stream that cannot be read falls back to the file; the file failing is the end.
          // While new links are awaited, the player starts again when they come.
          if (renewing.current) return;
          if (current.current.source === 'original') current.current.originalFailed();
          else current.current.fallBack();
        }}
        className={className}
      >
        <a href={src} className={linkClass}>
          Download {fileName}
        </a>
      </video>
      {unplayable && (
        <figcaption className="mt-2 text-sm text-muted">
          This browser cannot play this video.{' '}
          <a href={src} className={linkClass}>
            Download it
          </a>{' '}
          to watch it.
        </figcaption>
      )}
    </figure>
  );
}
