/**
 * A video player for the store's videos (the dashboard's media library, the shop's review videos):
 * the server's HLS stream when it made one — played by hls.js where Media Source Extensions exist
 * (loaded on first use, a chunk of its own: no app's first load carries it), by the browser itself
 * where it plays `application/vnd.apple.mpegurl` (Safari, iOS without MSE) — else the original file,
 * which is also where a stream that fails falls back to. The browser's own controls (Tab reaches
 * them, Space plays), an accessible name, the poster before it starts. A video that cannot be
 * played at all says so and offers the file. `data-source` on the `<video>` tells which way it plays.
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
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

interface HlsInstance {
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  on(event: string, listener: (event: string, data: { fatal: boolean }) => void): void;
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

export function VideoPlayer({ src, hls, poster, label, fileName, className }: VideoPlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  // The original that could not be played (none, or an earlier `src`, while this one may play).
  const [failed, setFailed] = useState<string>();
  const unplayable = failed === src;
  // The way it plays now, read by the error handler (a stream that fails falls back to the file).
  const current = useRef<{ source?: VideoSource; fallBack: () => void }>({ fallBack: () => {} });

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let stream: HlsInstance | undefined;
    let done = false;
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
      play('original', src);
    };
    const nativeOrOriginal = () => {
      if (hls && video.canPlayType(HLS_TYPE)) play('native-hls', hls);
      else original();
    };
    current.current = { fallBack: original };
    if (hls && hasMediaSource()) {
      via('hls.js');
      loadHls().then(
        (Hls) => {
          if (done) return;
          if (!Hls.isSupported()) return nativeOrOriginal();
          // No worker: the streams are fMP4, which need no transmuxing, and a worker would need
          // `worker-src blob:` in the page's CSP.
          stream = new Hls({ capLevelToPlayerSize: true, enableWorker: false });
          stream.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal && !done) original();
          });
          stream.loadSource(hls);
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
  }, [src, hls]);

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
          if (current.current.source === 'original') setFailed(src);
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
