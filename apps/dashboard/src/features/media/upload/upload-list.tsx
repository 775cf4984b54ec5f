/**
 * The uploads under way and done: each file with a progress bar (a native `<progress>`, read by
 * screen readers with its name), what happened, and Pause / Resume (resumable uploads), Cancel and
 * Try again. A polite summary line says how many are done.
 */
import { Button } from '@vitrine/ui';
import { bytes } from '../format.ts';
import type { UploadItem, Uploads } from './use-uploads.ts';

const statusText = (i: UploadItem) =>
  ({
    queued: 'Waiting…',
    uploading: `${bytes(i.loaded)} of ${bytes(i.size)}`,
    paused: `Paused at ${bytes(i.loaded)} of ${bytes(i.size)}`,
    done: 'Uploaded',
    failed: i.error ?? 'Failed',
    canceled: 'Canceled',
  })[i.status];

export function UploadList({ uploads, className = 'mb-4' }: { uploads: Uploads; className?: string }) {
  const { items } = uploads;
  const done = items.filter((i) => i.status === 'done').length;
  const active = items.filter((i) => i.status === 'uploading' || i.status === 'queued').length;
  const failed = items.filter((i) => i.status === 'failed').length;
  const finished = items.length > 0 && active === 0;
  return (
    <div className={items.length ? className : ''}>
      <p role="status" className={items.length ? 'mb-2 text-sm' : 'sr-only'}>
        {items.length === 0
          ? ''
          : active
            ? `Uploading ${active} file${active === 1 ? '' : 's'}… ${done} of ${items.length} done.`
            : `${done} of ${items.length} file${items.length === 1 ? '' : 's'} uploaded${failed ? `, ${failed} failed` : ''}.`}
      </p>
      {items.length > 0 && (
        <ul aria-label="Uploads" className="space-y-2">
          {items.map((i) => {
            const pct = i.size ? Math.round((100 * i.loaded) / i.size) : 100;
            return (
              <li key={i.id} className="rounded-xl border border-line bg-surface p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 font-medium break-all">{i.name}</span>
                  <span className="flex flex-wrap gap-2">
                    {i.resumable && i.status === 'uploading' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => uploads.pause(i.id)}
                        aria-label={`Pause upload of ${i.name}`}
                      >
                        Pause
                      </Button>
                    )}
                    {i.status === 'paused' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => uploads.resume(i.id)}
                        aria-label={`Resume upload of ${i.name}`}
                      >
                        Resume
                      </Button>
                    )}
                    {(i.status === 'uploading' || i.status === 'queued' || i.status === 'paused') && (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => uploads.cancel(i.id)}
                        aria-label={`Cancel upload of ${i.name}`}
                      >
                        Cancel
                      </Button>
                    )}
                    {(i.status === 'failed' || i.status === 'canceled') && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => uploads.retry(i.id)}
                        aria-label={`Try again: ${i.name}`}
                      >
                        Try again
                      </Button>
                    )}
                  </span>
                </div>
                <progress
                  className="mt-2 h-2 w-full accent-indigo-700"
                  max={100}
                  value={i.status === 'done' ? 100 : pct}
                  aria-label={`Upload of ${i.name}`}
                />
                <p className={`mt-1 text-sm ${i.status === 'failed' ? 'text-danger' : 'text-muted'}`}>
                  {i.status === 'uploading' ? `${pct}% · ` : ''}
                  {statusText(i)}
                  {i.resumable && i.status !== 'done' ? ' · resumable' : ''}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      {finished && (
        <Button size="sm" variant="ghost" className="mt-2" onClick={uploads.clear}>
          Clear finished uploads
        </Button>
      )}
    </div>
  );
}
