/** Register or edit an OAuth client (a front end of the store): its name, redirect URIs and allowed origins. */
import { useMutation } from '@tanstack/react-query';
import type { OAuthClient } from '@vitrine/contract';
import { oauthClientMutations } from '@vitrine/sdk/react';
import { Field, TextArea } from '@vitrine/ui';
import { useState } from 'react';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';

const lines = (v: FormDataEntryValue | null) =>
  String(v ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export function ClientDialog({
  client,
  onClose,
  onDone,
}: {
  client?: OAuthClient;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const http = useHttp();
  const create = useMutation(oauthClientMutations.create(http));
  const update = useMutation(oauthClientMutations.update(http));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const failure = create.error ?? update.error;
  const described = failure ? describeError(failure) : undefined;
  return (
    <ActionDialog
      title={client ? `Edit ${client.name}` : 'New OAuth client'}
      description="A front end of your store (a shop on another site, an app) signs shoppers in through it."
      onClose={onClose}
      submitLabel={client ? 'Save client' : 'Create client'}
      busy={create.isPending || update.isPending}
      error={
        described?.message ??
        (Object.keys(errors).length ? 'Please check the highlighted fields.' : undefined)
      }
      onSubmit={(f) => {
        const name = String(f.get('name') ?? '').trim();
        const redirectUris = lines(f.get('redirectUris'));
        const allowedOrigins = lines(f.get('allowedOrigins'));
        const errs: Record<string, string> = {};
        if (!name) errs.name = 'Name the client.';
        const bad = redirectUris.find((u) => !/^https?:\/\/\S+$/.test(u));
        if (bad) errs.redirectUris = `“${bad}” is not a web address (https://…).`;
        const badOrigin = allowedOrigins.find((o) => !/^https?:\/\/[^/\s]+$/.test(o));
        if (badOrigin)
          errs.allowedOrigins = `“${badOrigin}” is not an origin such as https://shop.example.com (no path).`;
        setErrors(errs);
        if (Object.keys(errs).length) return;
        const fields = { name, redirectUris, allowedOrigins };
        if (client)
          update.mutate({ id: client.id, client: fields }, { onSuccess: () => onDone(`“${name}” saved.`) });
        else create.mutate(fields, { onSuccess: () => onDone(`“${name}” created.`) });
      }}
    >
      <Field
        label="Name"
        name="name"
        defaultValue={client?.name ?? ''}
        maxLength={100}
        error={errors.name ?? described?.fields.name}
      />
      <TextArea
        label="Redirect URIs"
        name="redirectUris"
        rows={3}
        defaultValue={client?.redirectUris.join('\n') ?? ''}
        hint="One per line: where sign-in may send shoppers back, exactly, or every page under a path with /* (https://shop.example.com/*)."
        error={errors.redirectUris ?? described?.fields.redirectUris}
      />
      <TextArea
        label="Allowed origins"
        name="allowedOrigins"
        rows={2}
        defaultValue={client?.allowedOrigins.join('\n') ?? ''}
        hint="One per line: the sites whose pages may call the store's API (CORS), such as https://shop.example.com."
        error={errors.allowedOrigins ?? described?.fields.allowedOrigins}
      />
    </ActionDialog>
  );
}
