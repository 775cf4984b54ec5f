/** A five-pointed star in a 20 × 20 box. */
export const STAR_PATH = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.2 1 5.9L10 15l-5.2 2.8 1-5.9-4.3-4.2 5.9-.8z';

const row = (className: string) => (
  <span className={`flex ${className}`}>
    {[0, 1, 2, 3, 4].map((i) => (
      <svg key={i} viewBox="0 0 20 20" className="size-[1em] shrink-0" fill="currentColor">
        <path d={STAR_PATH} />
      </svg>
    ))}
  </span>
);

/**
 * Five stars filled up to `value` (0–5, fractions partly filled). Decorative (`aria-hidden`): the
 * caller says the rating in words beside them.
 */
export function Stars({ value, className = '' }: { value: number; className?: string }) {
  const filled = Math.max(0, Math.min(5, value)) * 20;
  return (
    <span aria-hidden="true" className={`relative inline-flex shrink-0 ${className}`}>
      {row('text-stone-300')}
      <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${filled}%` }}>
        {row('text-amber-600')}
      </span>
    </span>
  );
}

/** "4.5" for an average; one decimal. */
export const averageText = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

/** "1 review", "12 reviews". */
export const reviewsText = (n: number) => `${n} review${n === 1 ? '' : 's'}`;
