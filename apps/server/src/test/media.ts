import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import type { Caller } from '../platform/context.ts';
import { ADMIN_KEY, startTestServer, type TestServer, type TestServerOptions } from './server.ts';

/** The ffmpeg binary the media module runs (tests make videos with it). */
export const FFMPEG = ffmpegInstaller.path;

/** Test tokens: `member:<id>` and `visitor:<id>` stand for those callers. */
export async function fakeTokens(token: string): Promise<Caller | null> {
  const [role, id] = token.split(':');
  if (role === 'visitor' && id) return { role: 'visitor', visitorId: id };
  if (role === 'member' && id) return { role: 'member', memberId: id };
  return null;
}

/** A test server with its own DATA_DIR (media bytes) and the fake member tokens. */
export function mediaServer(o: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-media-test-'));
  return startTestServer({ verifyToken: fakeTokens, ...o, env: { DATA_DIR: dir, ...o.env } });
}

export const png = (width: number, height: number, colour = { r: 200, g: 30, b: 60 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

export interface File {
  id: string;
  url: string;
  operationStatus: string;
  sizeInBytes: string;
  displayName: string;
  parentFolderId: string;
  mediaType: string;
  private: boolean;
  labels: string[];
  hash: string;
  state: string;
  media: Record<string, Record<string, unknown>>;
}

/** Generates an upload URL (as `auth`, admin by default) and PUTs the bytes to it. */
export async function upload(
  s: TestServer,
  bytes: Buffer,
  o: {
    mimeType?: string;
    fileName?: string;
    auth?: string;
    private?: boolean;
    parentFolderId?: string;
    labels?: string[];
    contentType?: string;
  } = {},
): Promise<{ status: number; body: { file: File } & Record<string, unknown> }> {
  const mimeType = o.mimeType ?? 'image/png';
  const g = await s.request<{ uploadUrl: string }>('POST', '/site-media/v1/files/generate-upload-url', {
    auth: o.auth ?? ADMIN_KEY,
    body: {
      mimeType,
      fileName: o.fileName ?? 'picture.png',
      sizeInBytes: String(bytes.length),
      ...(o.private !== undefined ? { private: o.private } : {}),
      ...(o.parentFolderId ? { parentFolderId: o.parentFolderId } : {}),
      ...(o.labels ? { labels: o.labels } : {}),
    },
  });
  if (g.status !== 200) return g as never;
  const res = await fetch(`${g.body.uploadUrl}&filename=${encodeURIComponent(o.fileName ?? 'picture.png')}`, {
    method: 'PUT',
    headers: { 'content-type': o.contentType ?? mimeType },
    body: bytes,
  });
  return { status: res.status, body: (await res.json()) as never };
}

export async function ready(s: TestServer, id: string): Promise<File> {
  return s.until(async () => {
    const r = await s.admin<{ file: File }>(
      'GET',
      `/site-media/v1/files/get-file-by-id?fileId=${encodeURIComponent(id)}`,
    );
    return r.body.file.operationStatus !== 'PENDING' ? r.body.file : undefined;
  }, 60_000);
}
