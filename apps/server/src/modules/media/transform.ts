import { AppError } from '../../platform/errors.ts';

/** One step of a transform path: `fill`, `fit` or `crop` with its parameters. */
export interface Step {
  op: 'fill' | 'fit' | 'crop';
  w: number;
  h: number;
  x?: number;
  y?: number;
  q?: number;
  al?: string;
  encAuto?: boolean;
  blur?: number;
}
export const MAX_SIDE = 5000;
const ALIGN = new Set(['c', 't', 'b', 'l', 'r', 'tl', 'tr', 'bl', 'br']);
const bad = (why: string) => new AppError(400, 'INVALID_TRANSFORM', `Invalid image transform: ${why}`);

function int(v: string | undefined, name: string, min: number, max: number): number {
  if (v === undefined || !/^\d{1,6}$/.test(v)) throw bad(`${name} must be a whole number`);
  const n = Number(v);
  if (n < min || n > max) throw bad(`${name} must be between ${min} and ${max}`);
  return n;
}

/**
 * Parses the segments after `/v1/` the SDK image helpers build: `fill/w_200,h_100,al_c,q_85,usm_…,enc_auto`,
 * `fit/…`, `crop/x_10,y_20,w_300,h_200/fill/…`. Parameters this server does not apply (usm, lg, …) are
 * accepted and ignored, as the platform does; sizes are bounded.
 */
export function parseTransform(segments: readonly string[]): Step[] {
  if (segments.length === 0 || segments.length % 2 !== 0 || segments.length > 6) throw bad('malformed path');
  const steps: Step[] = [];
  for (let i = 0; i < segments.length; i += 2) {
    const op = segments[i]!;
    if (op !== 'fill' && op !== 'fit' && op !== 'crop') throw bad(`unknown operation ${op}`);
    const params = new Map<string, string>();
    for (const part of segments[i + 1]!.split(',')) {
      if (part === 'enc_auto' || part === 'enc_avif' || part === 'enc_webp') {
        params.set('enc', part.slice(4));
        continue;
      }
      const m = /^([a-z]+)_(.*)$/.exec(part);
      if (!m) throw bad(`unknown parameter ${part.slice(0, 20)}`);
      params.set(m[1]!, m[2]!);
    }
    const step: Step = {
      op,
      w: int(params.get('w'), 'w', 1, MAX_SIDE),
      h: int(params.get('h'), 'h', 1, MAX_SIDE),
    };
    if (op === 'crop') {
      step.x = int(params.get('x') ?? '0', 'x', 0, 100_000);
      step.y = int(params.get('y') ?? '0', 'y', 0, 100_000);
    }
    if (params.has('q')) step.q = int(params.get('q'), 'q', 1, 100);
    const al = params.get('al');
    if (al !== undefined) {
      if (!ALIGN.has(al)) throw bad('al must be c, t, b, l, r, tl, tr, bl or br');
      step.al = al;
    }
    if (params.has('enc')) step.encAuto = true;
    const blur = params.get('blur');
    if (blur !== undefined) {
      const b = Number(blur);
      if (!Number.isFinite(b) || b < 0 || b > 100) throw bad('blur must be between 0 and 100');
      step.blur = b;
    }
    steps.push(step);
  }
  if (steps.slice(1).some((s) => s.op === 'crop')) throw bad('crop comes first');
  return steps;
}

const POSITION: Record<string, string> = {
  c: 'centre',
  t: 'top',
  b: 'bottom',
  l: 'left',
  r: 'right',
  tl: 'left top',
  tr: 'right top',
  bl: 'left bottom',
  br: 'right bottom',
};
export const positionOf = (al: string | undefined) => POSITION[al ?? 'c'] ?? 'centre';

/** A canonical text of the steps (the cache key), without parameters that do not change the output. */
export const canonical = (steps: readonly Step[], format: string) =>
  steps
    .map((s) => [s.op, s.w, s.h, s.x ?? '', s.y ?? '', s.q ?? '', s.al ?? '', s.blur ?? ''].join(':'))
    .join('/') + `>${format}`;

/**
 * The density (dots per inch; 72 draws an SVG at its own size) at which a vector is drawn so that it
 * is at least as large as the first resize asks: enlarged by drawing, not by stretching pixels. At its
 * own size when the path crops first (crop coordinates are in the drawing's own units).
 */
export function vectorDensity(steps: readonly Step[], size: { width?: number; height?: number }): number {
  const first = steps[0];
  const w = size.width ?? 0;
  const h = size.height ?? 0;
  if (!first || first.op === 'crop' || w <= 0 || h <= 0) return 72;
  const scale = Math.min(Math.max(first.w / w, first.h / h, 1), MAX_SIDE / Math.max(w, h, 1), 50);
  return Math.max(72, Math.round(72 * scale));
}
