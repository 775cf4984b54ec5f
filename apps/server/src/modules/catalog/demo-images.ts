import type { Ctx } from '../../platform/context.ts';
import { mediaFilePath } from '../../platform/files.ts';
import { addServerPictures } from '../media/index.ts';
import { entryOf } from './media.ts';

export type Shape = 'circle' | 'square' | 'diamond' | 'triangle';
export interface DemoImage {
  name: string;
  from: string;
  to: string;
  shape: Shape;
  letter: string;
}

const SIZE = 800;
const shapes: Record<Shape, string> = {
  circle: '<circle cx="400" cy="400" r="230"/>',
  square: '<rect x="180" y="180" width="440" height="440" rx="56"/>',
  diamond: '<polygon points="400,150 650,400 400,650 150,400"/>',
  triangle: '<polygon points="400,150 670,610 130,610"/>',
};
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A product picture: a diagonal gradient in the product's colours, a soft category shape and the product's initial. */
export function demoSvg(i: Omit<DemoImage, 'name'>): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${i.from}"/><stop offset="1" stop-color="${i.to}"/></linearGradient>
  <pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse"><circle cx="20" cy="20" r="2" fill="#ffffff" fill-opacity="0.18"/></pattern></defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/><rect width="${SIZE}" height="${SIZE}" fill="url(#p)"/>
  <g fill="#ffffff" fill-opacity="0.28">${shapes[i.shape]}</g>
  <text x="400" y="${i.shape === 'triangle' ? 540 : 478}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="220" font-weight="700" text-anchor="middle" fill="#ffffff">${escape(i.letter)}</text>
</svg>`;
}

/**
 * Makes the demo pictures (800×800 WebP, kept under `${DATA_DIR}/media` so later stores and tests
 * render them once) and stores each in the media library, READY with its size (media's
 * addServerPictures: libvips runs in a child process, never in the server); answers their catalog
 * entries (media.ts) by name.
 */
export async function ensureDemoImages(ctx: Ctx, images: DemoImage[]): Promise<Map<string, string>> {
  const added = await addServerPictures(
    ctx,
    images.map((img) => ({
      path: mediaFilePath(ctx.config, `demo-${img.name}.webp`),
      svg: demoSvg(img),
      displayName: `demo-${img.name}.webp`,
      labels: ['demo'],
      origin: 'vitrine-demo',
    })),
  );
  return new Map(images.map((img, i) => [img.name, entryOf(added[i]!)]));
}
