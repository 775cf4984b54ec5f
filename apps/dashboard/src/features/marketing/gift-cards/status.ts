import type { WireGiftCard } from '@vitrine/contract';
import type { BadgeTone } from '@vitrine/ui';

export const cardStatus: Record<WireGiftCard['status'], [string, BadgeTone]> = {
  ACTIVE: ['Active', 'success'],
  DISABLED: ['Disabled', 'neutral'],
  EXPIRED: ['Expired', 'neutral'],
  EMPTY: ['Used up', 'info'],
};
