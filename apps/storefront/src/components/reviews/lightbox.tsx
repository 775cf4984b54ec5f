/**
 * A review's photos, large, in the kit's modal dialog (Radix: focus kept inside, Escape and the
 * close button close it, focus returns to the thumbnail). Previous and next by buttons or the
 * arrow keys. A chunk of its own, loaded when a thumbnail is pointed at, focused or pressed. A video
 * plays in the kit's player (its HLS stream where the browser can, else the file), named by its alt text.
 */
import { Button } from '@vitrine/ui';
import { Dialog } from '@vitrine/ui/dialog';
import { VideoPlayer } from '@vitrine/ui/video-player';
import { useEffect, useState } from 'react';

export interface LightboxPhoto {
  key: string;
  /** The thumbnail (a video's poster). */
  thumb: string;
  /** The picture, large (a video's poster). */
  url: string;
  /** A video's URL, played instead of the picture. */
  video?: string;
  /** The video's HLS stream, played before the file where the browser can. */
  hls?: string | undefined;
  alt: string;
}

export function Lightbox({
  photos,
  start,
  onClose,
}: {
  photos: LightboxPhoto[];
  start: number;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(start);
  const photo = photos[index];
  const many = photos.length > 1;
  const go = (step: number) => setIndex((i) => (i + step + photos.length) % photos.length);
  // The arrow keys page through the photos while the (modal) lightbox is open.
  useEffect(() => {
    if (!many) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      const n = photos.length;
      setIndex((i) => (i + (e.key === 'ArrowLeft' ? n - 1 : 1)) % n);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [many, photos.length]);
  if (!photo) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      placement="wide"
      title={many ? `Photo ${index + 1} of ${photos.length}` : 'Photo'}
      closeLabel="Close photo"
      footer={
        many && (
          <>
            <Button variant="secondary" onClick={() => go(-1)}>
              Previous photo
            </Button>
            <Button variant="secondary" onClick={() => go(1)}>
              Next photo
            </Button>
          </>
        )
      }
    >
      <div className="flex items-center justify-center">
        {photo.video ? (
          <VideoPlayer
            key={photo.key}
            src={photo.video}
            hls={photo.hls}
            poster={photo.url || undefined}
            label={photo.alt}
            fileName={photo.alt}
            className="max-h-[70dvh] w-full"
          />
        ) : (
          <img
            key={photo.key}
            src={photo.url}
            alt={photo.alt}
            className="max-h-[70dvh] w-auto max-w-full rounded-lg object-contain"
          />
        )}
      </div>
    </Dialog>
  );
}
