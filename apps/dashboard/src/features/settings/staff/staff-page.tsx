/**
 * `/dashboard/settings/staff`: who works on the store: invite someone with a role (the invitation
 * link is shown once: hand it over yourself), change a role (`?dialog=role&id=…`), sign someone out
 * everywhere (a lost laptop: they stay and sign in again), remove (`?dialog=remove&id=…`: their
 * sessions end at once). The store always keeps an owner.
 */
import { useMutation, useQuery, type UseMutationResult } from '@tanstack/react-query';
import type { StaffMember, StaffRole } from '@vitrine/sdk';
import { staffAdminMutations, staffAdminQueries } from '@vitrine/sdk/react';
import { Alert, Badge, Button, buttonClass, Field, PageHeading, Select, Table } from '@vitrine/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { describeError, errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useSession } from '../../../app/session.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { ConfirmDialog } from '../../../kit/confirm.tsx';
import { CopyButton } from '../../../kit/copy.tsx';
import { OPENED_HERE, useListDialog } from '../../../kit/dialogs.ts';
import { dateTime, plural } from '../../../kit/format.ts';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';
import { SettingsTabs } from '../tabs.tsx';
import type { STAFF_DIALOGS } from '../urls.ts';
import { settingsUrls } from '../urls.ts';

type Dialog = (typeof STAFF_DIALOGS)[number];
const roleLabel = (r: StaffRole) => (r === 'OWNER' ? 'Owner' : 'Contributor');

export function StaffPage() {
  useTitle('Staff');
  const http = useHttp();
  const { staff: me } = useSession();
  const staff = useQuery(staffAdminQueries.list(http));
  // Here, not in the dialog: the removal is optimistic, so the dialog goes before the answer comes.
  const remove = useMutation(staffAdminMutations.remove(http));
  const signOut = useMutation(staffAdminMutations.signOut(http));
  const [search] = useRouteSearch(settingsUrls.staff);
  const { close, open } = useListDialog<Dialog>({
    href: (dialog, id) => settingsUrls.staff.href({ dialog, id }),
  });
  const [notice, setNotice] = useState<string>();
  const done = (message: string) => {
    setNotice(message);
    close();
  };
  const chosen = staff.data?.find((m) => m.id === search.id);

  return (
    <>
      <PageHeading className="mb-4">Staff</PageHeading>
      <SettingsTabs current="staff" />
      <Section
        title="Invite someone"
        description="Contributors run the store day to day; owners also manage settings, staff, API keys and OAuth clients."
      >
        <InviteForm />
      </Section>
      <Alert>{errorMessage(signOut.error)}</Alert>
      <Alert variant="success">{notice}</Alert>
      <Section title="Your staff">
        <QueryState query={staff} label="Loading the staff…" height="h-24">
          {(list) => (
            <Table caption="Staff" hideCaption className="mb-0">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">Status</th>
                  <th scope="col">Last signed in</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((m) => (
                  <tr key={m.id}>
                    <th scope="row" className="font-medium">
                      {m.name}
                      {m.id === me.id && <span className="font-normal text-muted"> (you)</span>}
                      <span className="block font-normal break-all text-muted">{m.email}</span>
                    </th>
                    <td>{roleLabel(m.role)}</td>
                    <td>
                      {m.status === 'INVITED' ? (
                        <Badge tone="warning">Invited</Badge>
                      ) : (
                        <Badge tone="success">Active</Badge>
                      )}
                      {m.totpEnrolled && (
                        <span className="block text-xs text-muted">Authenticator set up</span>
                      )}
                    </td>
                    <td className="whitespace-nowrap">
                      {m.lastLoginDate ? dateTime(m.lastLoginDate) : 'Never'}
                    </td>
                    <td>
                      <div className="flex flex-wrap justify-end gap-1">
                        <Link
                          to={open('role', m.id)}
                          state={OPENED_HERE}
                          className={buttonClass('secondary', 'sm')}
                          aria-label={`Change role of ${m.name}`}
                        >
                          Change role
                        </Link>
                        {m.id !== me.id && m.status === 'ACTIVE' && (
                          // A lost laptop: every session of theirs ends; they stay and sign in again.
                          <Button
                            variant="ghost"
                            size="sm"
                            busy={signOut.isPending && signOut.variables === m.id}
                            aria-label={`Sign ${m.name} out everywhere`}
                            onClick={() => {
                              setNotice(undefined);
                              signOut.mutate(m.id, {
                                onSuccess: (n) =>
                                  setNotice(
                                    n === 0
                                      ? `${m.name} was not signed in anywhere.`
                                      : `${m.name} is signed out everywhere (${plural(n, 'session')}); they can sign in again.`,
                                  ),
                              });
                            }}
                          >
                            Sign out
                          </Button>
                        )}
                        <Link
                          to={open('remove', m.id)}
                          state={OPENED_HERE}
                          className={buttonClass('ghost', 'sm')}
                          aria-label={`Remove ${m.name}`}
                        >
                          Remove
                        </Link>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </QueryState>
      </Section>
      {search.dialog === 'role' && chosen && <RoleDialog member={chosen} onClose={close} onDone={done} />}
      {search.dialog === 'remove' && chosen && (
        <RemoveDialog
          member={chosen}
          isMe={chosen.id === me.id}
          remove={remove}
          onClose={close}
          onDone={done}
        />
      )}
    </>
  );
}

function InviteForm() {
  const http = useHttp();
  const invite = useMutation(staffAdminMutations.invite(http));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const described = invite.error ? describeError(invite.error) : undefined;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const name = String(f.get('name') ?? '').trim();
    const email = String(f.get('email') ?? '').trim();
    const errs: Record<string, string> = {};
    if (!name) errs.name = 'Enter their name, as the staff list will show it.';
    if (!email) errs.email = 'Enter their e-mail address.';
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      errs.email = 'Enter an e-mail address like name@example.com.';
    setErrors(errs);
    if (Object.keys(errs).length) return;
    invite.mutate({ name, email, role: f.get('role') as StaffRole }, { onSuccess: () => form.reset() });
  };
  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Invite someone">
        <Alert>
          {described && !described.fields.email && !described.fields.name ? described.message : undefined}
        </Alert>
        <div className="grid gap-x-4 md:grid-cols-3">
          <Field
            label="Name"
            name="name"
            maxLength={100}
            autoComplete="off"
            error={errors.name ?? described?.fields.name}
          />
          <Field
            label="E-mail"
            name="email"
            type="email"
            autoComplete="off"
            error={errors.email ?? described?.fields.email}
          />
          <Select label="Role" name="role" defaultValue="CONTRIBUTOR">
            <option value="CONTRIBUTOR">Contributor</option>
            <option value="OWNER">Owner</option>
          </Select>
        </div>
        <Button type="submit" busy={invite.isPending}>
          Invite
        </Button>
      </form>
      {invite.data && (
        <div
          role="status"
          className="mt-4 rounded-lg border border-current/30 bg-current/5 p-3 text-sm text-success"
        >
          <p className="mb-2 font-medium">
            {invite.data.staff.name} is invited as {roleLabel(invite.data.staff.role).toLowerCase()}. Send
            them this link (valid 7 days): it is shown only now, and not e-mailed.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <a
              href={invite.data.inviteUrl}
              className="rounded bg-surface px-2 py-1 font-mono break-all underline"
              data-testid="invite-link"
            >
              {invite.data.inviteUrl}
            </a>
            <CopyButton text={invite.data.inviteUrl} label="Copy link" />
          </div>
        </div>
      )}
    </>
  );
}

function RoleDialog({
  member,
  onClose,
  onDone,
}: {
  member: StaffMember;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const http = useHttp();
  const change = useMutation(staffAdminMutations.changeRole(http));
  const role: StaffRole = member.role === 'OWNER' ? 'CONTRIBUTOR' : 'OWNER';
  return (
    <ConfirmDialog
      title={`Make ${member.name} ${role === 'OWNER' ? 'an owner' : 'a contributor'}?`}
      description={
        role === 'OWNER'
          ? 'Owners also manage settings, staff, API keys and OAuth clients. They are signed out and set up an authenticator app at their next sign-in.'
          : 'Contributors run the store but cannot change settings, staff, API keys or OAuth clients.'
      }
      confirmLabel={role === 'OWNER' ? 'Make owner' : 'Make contributor'}
      variant="primary"
      busy={change.isPending}
      error={change.error}
      onConfirm={() =>
        change.mutate(
          { id: member.id, role },
          {
            onSuccess: () =>
              onDone(`${member.name} is now ${role === 'OWNER' ? 'an owner' : 'a contributor'}.`),
          },
        )
      }
      onClose={onClose}
    />
  );
}

function RemoveDialog({
  member,
  isMe,
  remove,
  onClose,
  onDone,
}: {
  member: StaffMember;
  isMe: boolean;
  remove: UseMutationResult<object, Error, string>;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  return (
    <ConfirmDialog
      title={`Remove ${member.name}?`}
      description={`${isMe ? 'You are' : `${member.name} is`} signed out everywhere at once and can no longer sign in. What they did stays in the store's records.`}
      confirmLabel="Remove"
      busy={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate(member.id, { onSuccess: () => onDone(`${member.name} was removed.`) })}
      onClose={onClose}
    />
  );
}
