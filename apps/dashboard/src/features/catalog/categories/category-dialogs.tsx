/** The category page's dialogs: rename (name and URL name), delete, and add products to it. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Category } from '@vitrine/sdk';
import { adminCatalogMutations, adminCatalogQueries } from '@vitrine/sdk/react';
import { Alert, Button, Field, Loading } from '@vitrine/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { describeError, errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useRouteSearch } from '../../../app/url.ts';
import { priceRange } from '../format.tsx';
import { catalogUrls } from '../urls.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function RenameCategoryDialog({
  category,
  onClose,
  onDone,
}: {
  category: Category;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const http = useHttp();
  const update = useMutation(adminCatalogMutations.updateCategory(http));
  const [problem, setProblem] = useState<{ name?: string; slug?: string }>({});
  const failed = update.error ? describeError(update.error) : undefined;
  return (
    <ActionDialog
      title="Rename category"
      onClose={onClose}
      submitLabel="Save"
      busy={update.isPending}
      error={
        failed?.code === 'DUPLICATE_SLUG_ERROR'
          ? 'Another category already has this URL name.'
          : failed?.code === 'REVISION_MISMATCH'
            ? 'Someone else changed this category meanwhile: close this dialog and try again.'
            : failed?.message
      }
      onSubmit={(form) => {
        const name = String(form.get('name') ?? '').trim();
        const slug = String(form.get('slug') ?? '').trim();
        const p = {
          ...(name ? {} : { name: 'Enter a name.' }),
          ...(SLUG.test(slug) ? {} : { slug: 'Lower-case letters, digits and single dashes only.' }),
        };
        setProblem(p);
        if (Object.keys(p).length) return;
        update.mutate(
          {
            categoryId: category.id,
            category: {
              revision: category.revision,
              ...(name !== category.name ? { name } : {}),
              ...(slug !== category.slug ? { slug } : {}),
            },
          },
          { onSuccess: (c) => onDone(`The category is now called ${c.name}.`) },
        );
      }}
    >
      <Field
        label="Name"
        name="name"
        defaultValue={category.name}
        maxLength={100}
        error={problem.name ?? failed?.fields.name}
      />
      <Field
        label="URL name"
        name="slug"
        defaultValue={category.slug}
        maxLength={100}
        hint="Changing it changes the category’s address in the shop."
        error={problem.slug ?? failed?.fields.slug}
      />
    </ActionDialog>
  );
}

export function DeleteCategoryDialog({ category, onClose }: { category: Category; onClose: () => void }) {
  const http = useHttp();
  const navigate = useNavigate();
  const remove = useMutation(adminCatalogMutations.removeCategory(http));
  return (
    <ActionDialog
      title="Delete category"
      description={`${category.name} will be deleted. Its ${category.itemCounter} product${category.itemCounter === 1 ? '' : 's'} stay in the catalog.`}
      onClose={onClose}
      submitLabel="Delete category"
      variant="danger"
      busy={remove.isPending}
      error={errorMessage(remove.error)}
      onSubmit={() =>
        remove.mutate(category.id, {
          onSuccess: () => void navigate(catalogUrls.categories.href(), { replace: true }),
        })
      }
    >
      <p>This cannot be undone.</p>
    </ActionDialog>
  );
}

/** Search products (the words in the URL, `?q=`) and put the chosen ones into the category. */
export function AddProductsDialog({
  category,
  onClose,
  onDone,
}: {
  category: Category;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const http = useHttp();
  const [search, setSearch] = useRouteSearch(catalogUrls.category);
  const [words, setWords] = useState(search.q ?? '');
  const [chosen, setChosen] = useState<string[]>([]);
  const found = useQuery(adminCatalogQueries.search(http, { text: search.q, sort: 'name', limit: 30 }));
  const assign = useMutation(adminCatalogMutations.assignCategory(http));
  const candidates = (found.data?.products ?? []).filter(
    (p) => !p.directCategoriesInfo?.categories.some((c) => c.id === category.id),
  );
  return (
    <ActionDialog
      title={`Add products to ${category.name}`}
      onClose={onClose}
      submitLabel={
        chosen.length ? `Add ${chosen.length} product${chosen.length === 1 ? '' : 's'}` : 'Add products'
      }
      busy={assign.isPending}
      error={assign.error ? `Not every product was added: ${errorMessage(assign.error)}` : undefined}
      onSubmit={() => {
        if (!chosen.length) return;
        assign.mutate(
          { categoryId: category.id, add: chosen },
          {
            onSuccess: (changed) =>
              onDone(
                `${changed.length} product${changed.length === 1 ? ' was' : 's were'} added to ${category.name}.`,
              ),
          },
        );
      }}
    >
      <Field
        label="Search products"
        type="search"
        value={words}
        onChange={(e) => setWords(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            setSearch({ q: words.trim() || undefined }, { replace: true });
          }
        }}
        action={
          <Button
            variant="secondary"
            onClick={() => setSearch({ q: words.trim() || undefined }, { replace: true })}
          >
            Search
          </Button>
        }
      />
      {found.isError ? (
        <Alert>{errorMessage(found.error)}</Alert>
      ) : !found.data ? (
        <Loading label="Looking for products…" />
      ) : candidates.length === 0 ? (
        <p className="text-sm text-muted">No products to add{search.q ? ' match these words' : ''}.</p>
      ) : (
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Products not in this category</legend>
          <ul className="max-h-80 space-y-1 overflow-y-auto">
            {candidates.map((p) => (
              <li key={p.id}>
                <label className="ui-choice flex items-center gap-3 p-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-accent"
                    checked={chosen.includes(p.id)}
                    onChange={(e) =>
                      setChosen((c) => (e.target.checked ? [...c, p.id] : c.filter((x) => x !== p.id)))
                    }
                  />
                  <span className="flex-1">{p.name}</span>
                  <span className="text-sm text-muted tabular-nums">{priceRange(p)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </ActionDialog>
  );
}
