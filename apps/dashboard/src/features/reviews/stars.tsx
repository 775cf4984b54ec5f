/** A star rating: read as "4 out of 5 stars", drawn as ★★★★☆. */
export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const full = Math.round(rating);
  return (
    <span className={`whitespace-nowrap ${className}`}>
      <span aria-hidden="true" className="text-warning">
        {'★'.repeat(full)}
        <span className="text-muted">{'☆'.repeat(5 - full)}</span>
      </span>
      <span className="sr-only">{`${rating} out of 5 stars`}</span>
    </span>
  );
}
