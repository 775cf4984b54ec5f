/** Previous and next page links of a list (the page is in the URL: a cursor or a page number). */
import { buttonClass } from '@vitrine/ui';
import { Link } from 'react-router';

export function Pager({ label, prev, next }: { label: string; prev?: string | null; next?: string | null }) {
  if (!prev && !next) return null;
  return (
    <nav aria-label={label} className="mb-4 flex flex-wrap gap-2">
      {prev && (
        <Link to={prev} className={buttonClass('secondary')}>
          Previous page
        </Link>
      )}
      {next && (
        <Link to={next} className={buttonClass('secondary')}>
          Next page
        </Link>
      )}
    </nav>
  );
}
