/**
 * `/dashboard/catalog/categories`: every category (hidden ones too) with its product count, and a
 * form to create one. Each opens its page (rename, show or hide, delete, its products).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { adminCatalogMutations, adminCatalogQueries } from '@vitrine/sdk/react';
import {
  Alert,
  Badge,
  Button,
  Choice,
  Field,
  linkClass,
  LoadingSkeleton,
  PageHeading,
  Skeleton,
  Table,
} from '@vitrine/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { describeError, errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { CatalogTabs } from '../format.tsx';
import { catalogUrls } from '../urls.ts';

export function CategoriesPage() {
  useTitle('Categories');
  const http = useHttp();
  const categories = useQuery(adminCatalogQueries.categories(http));
  const list = categories.data?.categories;
  return (
    <>
      <PageHeading className="mb-4">Categories</PageHeading>
      <CatalogTabs />
      <NewCategory />
      {categories.isError ? (
        <>
          <Alert>{errorMessage(categories.error)}</Alert>
          <Button variant="secondary" onClick={() => void categories.refetch()}>
            Try again
          </Button>
        </>
      ) : !list ? (
        <LoadingSkeleton label="Loading categories…">
          <Skeleton className="h-48 rounded-2xl" />
        </LoadingSkeleton>
      ) : list.length === 0 ? (
        <p role="status" className="text-sm text-muted">
          No categories yet.
        </p>
      ) : (
        <Table caption="Categories">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">URL name</th>
              <th scope="col" className="text-right">
                Products
              </th>
              <th scope="col">Visibility</th>
            </tr>
          </thead>
          <tbody>
            {list.map((c) => (
              <tr key={c.id} className="hover:bg-hover">
                <th scope="row" className="font-medium">
                  <Link to={catalogUrls.category.href({ id: c.id })} className={linkClass}>
                    {c.name}
                  </Link>
                </th>
                <td className="text-muted">{c.slug}</td>
                <td className="text-right tabular-nums">{c.itemCounter}</td>
                <td>{c.visible ? <Badge tone="info">Shown</Badge> : <Badge>Hidden</Badge>}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}

function NewCategory() {
  const http = useHttp();
  const create = useMutation(adminCatalogMutations.createCategory(http));
  const [name, setName] = useState('');
  const [visible, setVisible] = useState(true);
  const [done, setDone] = useState<string>();
  const problem = create.error ? describeError(create.error) : undefined;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const n = name.trim();
    if (!n) return;
    setDone(undefined);
    create.mutate(
      { name: n, visible },
      {
        onSuccess: (c) => {
          setName('');
          setDone(`Category ${c.name} was created.`);
        },
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-label="New category"
      className="mb-4 rounded-2xl border border-line bg-surface p-4"
    >
      <h2 className="mb-2 text-lg font-semibold">New category</h2>
      <Alert>{problem && !problem.fields.name ? problem.message : undefined}</Alert>
      <Alert variant="success">{done}</Alert>
      <div className="grid gap-x-4 md:grid-cols-[1fr_auto] md:items-start">
        <Field
          label="Name"
          name="name"
          value={name}
          maxLength={100}
          required
          error={problem?.fields.name}
          onChange={(e) => setName(e.target.value)}
          action={
            <Button type="submit" busy={create.isPending}>
              Create
            </Button>
          }
        />
        <div className="mb-4 md:mt-6">
          <Choice
            type="checkbox"
            shape="chip"
            checked={visible}
            onChange={(e) => setVisible(e.target.checked)}
          >
            Show in the shop
          </Choice>
        </div>
      </div>
    </form>
  );
}
