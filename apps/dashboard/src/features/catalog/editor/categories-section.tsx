/** The categories the product is in (hidden categories too), as checkboxes. */
import { useQuery } from '@tanstack/react-query';
import { adminCatalogQueries } from '@vitrine/sdk/react';
import { Alert, Choice, linkClass, Loading } from '@vitrine/ui';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { catalogUrls } from '../urls.ts';
import { EditorSection } from './section.tsx';

export function CategoriesSection({
  selected,
  onChange,
  error,
}: {
  selected: string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
}) {
  const http = useHttp();
  const categories = useQuery(adminCatalogQueries.categories(http));
  const all = categories.data?.categories ?? [];
  return (
    <EditorSection
      title="Categories"
      actions={
        <Link to={catalogUrls.categories.href()} className={`${linkClass} text-sm`}>
          Manage categories
        </Link>
      }
    >
      {error && (
        <p id="categories" tabIndex={-1} className="mb-2 text-sm text-danger">
          {error}
        </p>
      )}
      {categories.isError ? (
        <Alert>{errorMessage(categories.error)}</Alert>
      ) : !categories.data ? (
        <Loading label="Loading categories…" className="py-2" />
      ) : all.length === 0 ? (
        <p className="text-sm text-muted">The store has no categories yet.</p>
      ) : (
        <fieldset>
          <legend className="sr-only">Categories of this product</legend>
          <div className="flex flex-wrap gap-2">
            {all.map((c) => (
              <Choice
                key={c.id}
                type="checkbox"
                shape="chip"
                checked={selected.includes(c.id)}
                onChange={(e) =>
                  onChange(e.target.checked ? [...selected, c.id] : selected.filter((id) => id !== c.id))
                }
              >
                {c.name}
                {!c.visible && <span className="text-xs text-muted">(hidden)</span>}
              </Choice>
            ))}
          </div>
        </fieldset>
      )}
    </EditorSection>
  );
}
