import type { FileRow } from './store.ts';

/**
 * Rows of public, ready files kept per process for serving `/media/<id>…`, so a page of product pictures
 * costs no database round trip per picture. Every write of a file row in this process forgets it at once
 * (store.ts); another process's write (made private, trashed, deleted) is seen within `TTL_MS`.
 */
const TTL_MS = 5_000;
const MAX = 5_000;
const rows = new Map<string, { row: FileRow; until: number }>();

const servable = (row: FileRow) =>
  row.state === 'OK' && !row.private && (row.media_type !== 'IMAGE' || row.operation_status === 'READY');

export async function servedRow(
  id: string,
  load: () => Promise<FileRow | undefined>,
): Promise<FileRow | undefined> {
  const now = Date.now();
  const kept = rows.get(id);
  if (kept && kept.until > now) return kept.row;
  const row = await load();
  if (kept) rows.delete(id);
  if (row && servable(row)) {
    if (rows.size >= MAX) rows.delete(rows.keys().next().value!);
    rows.set(id, { row, until: now + TTL_MS });
  }
  return row;
}

/** Forgets the kept rows of these files (called by every write of a file row). */
export function forgetServedRows(ids: readonly string[]) {
  for (const id of ids) rows.delete(id);
}
