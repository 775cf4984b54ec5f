/**
 * `/dashboard/settings/apps`: OAuth clients (front ends that sign shoppers in: their redirect URIs
 * and allowed origins) and API keys (admin credentials for apps: made with a name, the key shown
 * once, revoked). Dialogs in the URL; a new key is shown only in the page's memory.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiKeyMutations, apiKeyQueries, oauthClientMutations, oauthClientQueries } from '@vitrine/sdk/react';
import { Alert, Badge, Button, buttonClass, Field, PageHeading, Table } from '@vitrine/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { ConfirmDialog } from '../../../kit/confirm.tsx';
import { CopyButton } from '../../../kit/copy.tsx';
import { OPENED_HERE, useListDialog } from '../../../kit/dialogs.ts';
import { dateOnly, dateTime } from '../../../kit/format.ts';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';
import { SettingsTabs } from '../tabs.tsx';
import type { APPS_DIALOGS } from '../urls.ts';
import { settingsUrls } from '../urls.ts';
import { ClientDialog } from './client-dialog.tsx';
import { EditDeleteLinks } from '../../../kit/row-actions.tsx';

type Dialog = (typeof APPS_DIALOGS)[number];

export function AppsPage() {
  useTitle('Apps & API keys');
  const http = useHttp();
  const clients = useQuery(oauthClientQueries.list(http));
  const keys = useQuery(apiKeyQueries.list(http));
  const removeClient = useMutation(oauthClientMutations.delete(http));
  const revoke = useMutation(apiKeyMutations.revoke(http));
  const [search] = useRouteSearch(settingsUrls.apps);
  const { close, open } = useListDialog<Dialog>({
    href: (dialog, id) => settingsUrls.apps.href({ dialog, id }),
  });
  const [notice, setNotice] = useState<string>();
  const done = (message: string) => {
    setNotice(message);
    close();
  };
  const client = clients.data?.find((c) => c.id === search.id);
  const key = keys.data?.find((k) => k.id === search.id);

  return (
    <>
      <PageHeading className="mb-4">Apps &amp; API keys</PageHeading>
      <SettingsTabs current="apps" />
      <Alert variant="success">{notice}</Alert>
      <Section
        title="OAuth clients"
        description="Front ends of the store that sign shoppers in: the bundled shop, and any you build elsewhere."
        action={
          <Link to={open('new-client')} state={OPENED_HERE} className={buttonClass('primary', 'sm')}>
            New client
          </Link>
        }
      >
        <QueryState query={clients} label="Loading OAuth clients…" height="h-24">
          {(list) => (
            <Table caption="OAuth clients" hideCaption className="mb-0">
              <thead>
                <tr>
                  <th scope="col">Client</th>
                  <th scope="col">Redirect URIs</th>
                  <th scope="col">Allowed origins</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((c) => (
                  <tr key={c.id}>
                    <th scope="row" className="font-medium">
                      {c.name}
                      <span className="block font-mono text-xs font-normal break-all text-muted">{c.id}</span>
                    </th>
                    <td className="max-w-64 break-all">{c.redirectUris.join('\n') || '—'}</td>
                    <td className="max-w-56 break-all">{c.allowedOrigins.join('\n') || '—'}</td>
                    <td>
                      <div className="flex justify-end gap-1">
                        <EditDeleteLinks
                          edit={open('edit-client', c.id)}
                          remove={open('delete-client', c.id)}
                          name={c.name}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </QueryState>
      </Section>
      <Section
        title="API keys"
        description="Admin credentials for apps and scripts: whoever holds one can do anything an owner can."
      >
        <NewKeyForm />
        <QueryState query={keys} label="Loading API keys…" height="h-24">
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-muted">No API keys.</p>
            ) : (
              <Table caption="API keys" hideCaption className="mb-0">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Created</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((k) => (
                    <tr key={k.id}>
                      <th scope="row" className="font-medium">
                        {k.name}
                      </th>
                      <td className="whitespace-nowrap">{dateOnly(k.createdDate)}</td>
                      <td>
                        {k.revokedDate ? (
                          <Badge>Revoked {dateOnly(k.revokedDate)}</Badge>
                        ) : (
                          <Badge tone="success">Active</Badge>
                        )}
                      </td>
                      <td className="text-right">
                        {!k.revokedDate && (
                          <Link
                            to={open('revoke-key', k.id)}
                            state={OPENED_HERE}
                            className={buttonClass('ghost', 'sm')}
                            aria-label={`Revoke ${k.name}`}
                          >
                            Revoke
                          </Link>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )
          }
        </QueryState>
      </Section>
      {search.dialog === 'new-client' && <ClientDialog onClose={close} onDone={done} />}
      {search.dialog === 'edit-client' && client && (
        <ClientDialog client={client} onClose={close} onDone={done} />
      )}
      {search.dialog === 'delete-client' && client && (
        <ConfirmDialog
          title={`Delete ${client.name}?`}
          description="Shoppers can no longer sign in through it, and its sessions end. The bundled shop's client cannot be deleted."
          confirmLabel="Delete client"
          busy={removeClient.isPending}
          error={removeClient.error}
          onConfirm={() =>
            removeClient.mutate(client.id, { onSuccess: () => done(`“${client.name}” deleted.`) })
          }
          onClose={close}
        />
      )}
      {search.dialog === 'revoke-key' && key && (
        <ConfirmDialog
          title={`Revoke ${key.name}?`}
          description={`Apps using it are refused within 10 seconds. It was made ${dateTime(key.createdDate)}.`}
          confirmLabel="Revoke key"
          busy={revoke.isPending}
          error={revoke.error}
          unavailable={key.revokedDate ? 'This key is already revoked.' : undefined}
          onConfirm={() => revoke.mutate(key.id, { onSuccess: () => done(`“${key.name}” revoked.`) })}
          onClose={close}
        />
      )}
    </>
  );
}

/** Makes a key and shows it once (kept in this component only, never cached or put in the URL). */
function NewKeyForm() {
  const http = useHttp();
  const create = useMutation(apiKeyMutations.create(http));
  const [error, setError] = useState<string>();
  const made = create.data;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    if (!name) return setError('Name the key after the app that uses it.');
    setError(undefined);
    create.mutate(name, { onSuccess: () => form.reset() });
  };
  return (
    <>
      <form onSubmit={submit} noValidate aria-label="New API key" className="mb-4">
        <Field
          label="New key's name"
          name="name"
          maxLength={100}
          hint="The app or script that will use it."
          error={error ?? (create.error ? describeError(create.error).message : undefined)}
          action={
            <Button type="submit" variant="secondary" busy={create.isPending}>
              Create key
            </Button>
          }
        />
      </form>
      {made && (
        <div
          role="status"
          className="mb-4 rounded-lg border border-current/30 bg-current/5 p-3 text-sm text-success"
        >
          <p className="mb-2 font-medium">
            Key “{made.name}” created. Copy it now: it is shown only this once.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="rounded bg-surface px-2 py-1 font-mono break-all">{made.key}</code>
            <CopyButton text={made.key} label="Copy key" />
          </div>
        </div>
      )}
    </>
  );
}
