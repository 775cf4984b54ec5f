import Bowser from 'bowser';
import type { DeviceView } from '@vitrine/contract';

const TYPES: Record<string, DeviceView['type']> = {
  desktop: 'DESKTOP',
  mobile: 'MOBILE',
  tablet: 'TABLET',
  tv: 'TV',
};

/**
 * What a User-Agent header says of the device, for a person reading their list of sessions:
 * the browser and the operating system by name (no versions), and the kind of device. Nothing is
 * guessed: an unrecognised or missing header says none of them.
 */
export function deviceOf(userAgent: string | null | undefined): DeviceView {
  if (!userAgent) return { type: 'UNKNOWN' };
  const p = Bowser.parse(userAgent);
  const browser = p.browser.name;
  return {
    ...(browser ? { browser } : {}),
    ...(p.os.name ? { os: p.os.name } : {}),
    type: TYPES[p.platform.type ?? ''] ?? 'UNKNOWN',
  };
}
