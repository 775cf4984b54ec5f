/** A product's rating summary (published reviews): the average, how many, and how many per star. */
import { useQuery } from '@tanstack/react-query';
import { reviewQueries } from '@vitrine/sdk/react';
import { useHttp } from '../../app/http.tsx';
import { QueryState } from '../../kit/query-state.tsx';
import { Section } from '../../kit/section.tsx';
import { Stars } from './stars.tsx';

export function RatingSummary({ productId, productName }: { productId: string; productName: string }) {
  const http = useHttp();
  const summaries = useQuery(reviewQueries.summaries(http, [productId]));
  return (
    <Section title={`Rating of ${productName}`} description="Published reviews only: what shoppers see.">
      <QueryState query={summaries} label="Loading the rating…" height="h-24">
        {(list) => {
          const s = list.find((x) => x.entityId === productId);
          if (!s || s.count === 0) return <p className="text-sm text-muted">No published reviews yet.</p>;
          return (
            <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center">
              <p className="text-center">
                <span className="block text-3xl font-semibold tabular-nums">
                  {s.averageRating.toFixed(1)}
                </span>
                <Stars rating={Math.round(s.averageRating * 10) / 10} />
                <span className="block text-sm text-muted">
                  {s.count} review{s.count === 1 ? '' : 's'}
                </span>
              </p>
              <ul aria-label="Reviews per star rating" className="space-y-1 text-sm">
                {[5, 4, 3, 2, 1].map((star) => {
                  const n = s.distribution.find((d) => d.rating === star)?.count ?? 0;
                  return (
                    <li key={star} className="grid grid-cols-[5rem_1fr_2.5rem] items-center gap-2">
                      <span>
                        {star} star{star === 1 ? '' : 's'}
                      </span>
                      <span aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-line">
                        <span
                          className="block h-full bg-warning"
                          style={{ width: `${(n / s.count) * 100}%` }}
                        />
                      </span>
                      <span className="text-right tabular-nums">{n}</span>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        }}
      </QueryState>
    </Section>
  );
}
