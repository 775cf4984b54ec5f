/**
 * Uploads into the media library, several at once (two at a time, the rest queued), each with its
 * progress: files under 16 MiB by a single-use upload URL and one PUT (`adminMediaCalls.upload`,
 * XMLHttpRequest progress); larger ones resumable with TUS (./resumable.ts), which can be paused
 * and go on by themselves after a dropped connection. Each finished file is handed to
 * `onUploaded`, and the library's lists are refreshed.
 */
import { useQueryClient } from '@tanstack/react-query';
import { adminMediaCalls, type FileDescriptor, type MediaUploadTarget } from '@vitrine/sdk';
import { mediaQueries } from '@vitrine/sdk/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import type { Resumable } from './resumable.ts';

export const RESUMABLE_FROM = 16 * 1024 * 1024;
const AT_ONCE = 2;

export type UploadStatus = 'queued' | 'uploading' | 'paused' | 'done' | 'failed' | 'canceled';

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  loaded: number;
  status: UploadStatus;
  resumable: boolean;
  error?: string;
  file?: FileDescriptor;
}

interface Running {
  file: File;
  target: MediaUploadTarget;
  abort?: AbortController;
  tus?: Resumable;
  /** Begun (an effect may see the same queued item twice before its state says so). */
  started?: boolean;
}

let seq = 0;

export function useUploads(o: {
  /** Where new files go (read when each upload starts). */
  target: () => MediaUploadTarget;
  onUploaded?: (file: FileDescriptor) => void;
}) {
  const http = useHttp();
  const client = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const running = useRef(new Map<string, Running>());
  const latest = useRef(o);
  useEffect(() => {
    latest.current = o;
  });

  const patch = useCallback(
    (id: string, change: Partial<UploadItem>) =>
      setItems((all) => all.map((i) => (i.id === id ? { ...i, ...change } : i))),
    [],
  );

  const finish = useCallback(
    (id: string, result: { file?: FileDescriptor; error?: unknown; canceled?: boolean }) => {
      const r = running.current.get(id);
      if (result.file) {
        patch(id, { status: 'done', file: result.file, loaded: r?.file.size ?? 0 });
        latest.current.onUploaded?.(result.file);
        void client.invalidateQueries({ queryKey: mediaQueries.all() });
      } else if (result.canceled) patch(id, { status: 'canceled' });
      else patch(id, { status: 'failed', error: errorMessage(result.error) });
    },
    [client, patch],
  );

  const begin = useCallback(
    async (id: string) => {
      const r = running.current.get(id);
      if (!r || r.started) return;
      r.started = true;
      patch(id, { status: 'uploading', error: undefined });
      const progress = (p: { loaded: number }) => patch(id, { loaded: p.loaded });
      try {
        if (r.file.size >= RESUMABLE_FROM) {
          const { resumableUpload } = await import('./resumable.ts');
          r.tus = await resumableUpload(http, r.file, r.target, progress);
          r.tus.start();
          finish(id, { file: await r.tus.done });
        } else {
          r.abort = new AbortController();
          const file = await adminMediaCalls.upload(http, r.file, {
            ...r.target,
            onProgress: progress,
            signal: r.abort.signal,
          });
          finish(id, { file });
        }
      } catch (e) {
        finish(id, (e as Error).name === 'AbortError' ? { canceled: true } : { error: e });
      }
    },
    [finish, http, patch],
  );

  // Start queued uploads while fewer than AT_ONCE are under way.
  useEffect(() => {
    const active = items.filter((i) => i.status === 'uploading').length;
    const next = items.filter((i) => i.status === 'queued').slice(0, Math.max(0, AT_ONCE - active));
    for (const i of next) void begin(i.id);
  }, [items, begin]);

  const add = useCallback((files: readonly File[]) => {
    const target = latest.current.target();
    const added = files.map((file): UploadItem => {
      const id = `u${(seq += 1)}`;
      running.current.set(id, { file, target });
      return {
        id,
        name: file.name,
        size: file.size,
        loaded: 0,
        status: 'queued',
        resumable: file.size >= RESUMABLE_FROM,
      };
    });
    setItems((all) => [...all, ...added]);
  }, []);

  const cancel = useCallback(
    (id: string) => {
      const r = running.current.get(id);
      r?.abort?.abort();
      if (r?.tus) void r.tus.pause().then(() => patch(id, { status: 'canceled' }));
      setItems((all) =>
        all.map((i) => (i.id === id && i.status === 'queued' ? { ...i, status: 'canceled' } : i)),
      );
    },
    [patch],
  );
  const pause = useCallback(
    (id: string) => {
      const r = running.current.get(id);
      if (r?.tus) void r.tus.pause().then(() => patch(id, { status: 'paused' }));
    },
    [patch],
  );
  const resume = useCallback(
    (id: string) => {
      const r = running.current.get(id);
      if (!r?.tus) return;
      patch(id, { status: 'uploading' });
      r.tus.start();
    },
    [patch],
  );
  const retry = useCallback(
    (id: string) => {
      const r = running.current.get(id);
      if (!r) return;
      r.started = false;
      delete r.tus;
      patch(id, { status: 'queued', loaded: 0, error: undefined });
    },
    [patch],
  );
  /** Forgets the finished, failed and canceled ones. */
  const clear = useCallback(
    () =>
      setItems((all) => {
        const kept = all.filter(
          (i) => i.status === 'queued' || i.status === 'uploading' || i.status === 'paused',
        );
        for (const i of all) if (!kept.includes(i)) running.current.delete(i.id);
        return kept;
      }),
    [],
  );

  // Leaving the page stops what is under way.
  useEffect(() => {
    const all = running.current;
    return () => {
      for (const r of all.values()) {
        r.abort?.abort();
        void r.tus?.pause();
      }
    };
  }, []);

  return { items, add, cancel, pause, resume, retry, clear };
}

export type Uploads = ReturnType<typeof useUploads>;
