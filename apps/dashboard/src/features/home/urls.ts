/** Home's typed URL: `/dashboard?days=7|30|90` (30 by default). */
import { param, route } from '../../app/url.ts';

export const PERIODS = ['7', '30', '90'] as const;
export const homeUrls = {
  home: route('/', { days: param.oneOf(PERIODS) }),
};
