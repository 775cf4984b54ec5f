/** What a browser's User-Agent said of its device (the contract's `deviceView`). */
export interface DeviceView {
  browser?: string | undefined;
  os?: string | undefined;
  type: 'DESKTOP' | 'MOBILE' | 'TABLET' | 'TV' | 'UNKNOWN';
}

/** A device as a person names it: "Chrome on macOS", "Safari", "A browser on Android", "An unknown browser". */
export function deviceLabel(d: DeviceView): string {
  if (d.browser && d.os) return `${d.browser} on ${d.os}`;
  if (d.browser) return d.browser;
  if (d.os) return `A browser on ${d.os}`;
  return 'An unknown browser';
}

const KINDS: Record<DeviceView['type'], string | undefined> = {
  DESKTOP: 'Computer',
  MOBILE: 'Phone',
  TABLET: 'Tablet',
  TV: 'TV',
  UNKNOWN: undefined,
};

/** "Computer", "Phone", "Tablet", "TV", or undefined when the browser did not say. */
export const deviceKind = (d: DeviceView): string | undefined => KINDS[d.type];
