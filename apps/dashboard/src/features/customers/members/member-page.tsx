/**
 * `/dashboard/customers/:id`: one member: who they are, their status and activity, contact
 * details, where they are signed in; approve, block (`?dialog=block`: they are signed out
 * everywhere), sign them out everywhere (without blocking), mute or unmute (optimistic), delete
 * (`?dialog=delete`). Links to their orders.
 */
import { useMutation, useQuery, type UseMutationResult } from '@tanstack/react-query';
import type { MemberView } from '@vitrine/contract';
import { adminMemberMutations, adminMemberQueries } from '@vitrine/sdk/react';
import { addressText, Alert, Button, buttonClass, linkClass, PageHeading } from '@vitrine/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { useCloseDialog } from '../../../app/url-dialog.ts';
import { ConfirmDialog } from '../../../kit/confirm.tsx';
import { OPENED_HERE } from '../../../kit/dialogs.ts';
import { Facts } from '../../../kit/facts.tsx';
import { dateTime } from '../../../kit/format.ts';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';
import { ordersUrls } from '../../orders/urls.ts';
import { MemberBadges, memberName } from '../member-status.tsx';
import { customersUrls } from '../urls.ts';
import { MemberSessions } from './member-sessions.tsx';
import { StaffActions } from '../../../app/staff-actions.tsx';

export function MemberPage() {
  const { id = '' } = useParams();
  const http = useHttp();
  const navigate = useNavigate();
  const member = useQuery(adminMemberQueries.one(http, id));
  const approve = useMutation(adminMemberMutations.approve(http));
  const mute = useMutation(adminMemberMutations.setMuted(http));
  const signOut = useMutation(adminMemberMutations.disconnect(http));
  // Here, not in the dialog: deleting drops the member from the cache, and the dialog with it.
  const remove = useMutation(adminMemberMutations.delete(http));
  const [{ dialog }] = useRouteSearch(customersUrls.member);
  const close = useCloseDialog(customersUrls.member.href({ id }));
  const [notice, setNotice] = useState<string>();
  const outcome = useRef<HTMLDivElement>(null);
  const status = member.data?.status;
  // The button pressed (Approve, Block…) is gone or renamed once the status changes, and a closing
  // dialog hands focus back a moment later: focus lost to the page then goes to the outcome.
  useEffect(() => {
    if (!notice || dialog) return;
    const t = setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body) outcome.current?.focus();
    }, 50);
    return () => clearTimeout(t);
  }, [notice, dialog, status]);
  const name = member.data ? memberName(member.data) : 'Member';
  useTitle(name);
  const failure = approve.error ?? mute.error ?? signOut.error;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link to={customersUrls.members.href()} className={linkClass}>
          Members
        </Link>
      </nav>
      <PageHeading className="mb-2">{name}</PageHeading>
      <QueryState query={member} label="Loading the member…">
        {(m) => (
          <>
            <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
              <MemberBadges member={m} />
              <span className="text-muted">{m.loginEmail}</span>
            </div>
            {/* The outcome takes the focus: the button pressed (Approve, Block…) is gone or renamed. */}
            <div ref={outcome} tabIndex={-1} className="outline-none">
              <Alert variant="success">{notice}</Alert>
            </div>
            <Alert>{failure ? errorMessage(failure) : undefined}</Alert>
            <div className="mb-6 flex flex-wrap gap-2">
              {(m.status === 'PENDING' || m.status === 'BLOCKED') && (
                <Button
                  size="sm"
                  busy={approve.isPending}
                  onClick={() =>
                    approve.mutate(m.id, {
                      onSuccess: () =>
                        setNotice(
                          m.status === 'BLOCKED'
                            ? `${name} is unblocked and can sign in again.`
                            : `${name} is approved.`,
                        ),
                    })
                  }
                >
                  {m.status === 'BLOCKED' ? 'Unblock' : 'Approve'}
                </Button>
              )}
              {m.status !== 'BLOCKED' && (
                <Link
                  to={customersUrls.member.href({ id }, { dialog: 'block' })}
                  state={OPENED_HERE}
                  className={buttonClass('secondary', 'sm')}
                >
                  Block
                </Link>
              )}
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  const muted = m.activityStatus !== 'MUTED';
                  setNotice(undefined);
                  mute.mutate(
                    { id: m.id, muted },
                    {
                      onSuccess: () =>
                        setNotice(
                          muted
                            ? `${name} is muted: they cannot write reviews.`
                            : `${name} is no longer muted.`,
                        ),
                    },
                  );
                }}
              >
                {m.activityStatus === 'MUTED' ? 'Unmute' : 'Mute'}
              </Button>
              {m.loginEmail && (
                <Link to={ordersUrls.list.href({ q: m.loginEmail })} className={buttonClass('ghost', 'sm')}>
                  Their orders
                </Link>
              )}
              <Link
                to={customersUrls.member.href({ id }, { dialog: 'delete' })}
                state={OPENED_HERE}
                className={buttonClass('ghost', 'sm')}
              >
                Delete
              </Link>
            </div>
            <div className="grid gap-x-4 md:grid-cols-2">
              <Section title="Account">
                <Facts
                  rows={[
                    [
                      'E-mail',
                      `${m.loginEmail ?? '—'}${m.loginEmailVerified ? ' (verified)' : ' (not verified)'}`,
                    ],
                    ['Joined', dateTime(m.createdDate)],
                    ['Last signed in', m.lastLoginDate ? dateTime(m.lastLoginDate) : 'Never'],
                    ['Profile', m.privacyStatus === 'PUBLIC' ? 'Public' : 'Private'],
                    ['Nickname', m.profile?.nickname ?? '—'],
                  ]}
                />
              </Section>
              <Section title="Contact">
                <Contact member={m} />
              </Section>
            </div>
            <MemberSessions
              memberId={m.id}
              action={
                // A lost phone, a shared computer: every session ends, and they sign in again.
                <Button
                  variant="secondary"
                  size="sm"
                  busy={signOut.isPending}
                  onClick={() => {
                    setNotice(undefined);
                    signOut.mutate(m.id, {
                      onSuccess: () =>
                        setNotice(
                          `${name} is signed out everywhere; they can sign in again with their password.`,
                        ),
                    });
                  }}
                >
                  Sign them out everywhere
                </Button>
              }
            />
            <Section title="Staff changes">
              <StaffActions entityId={m.id} />
            </Section>
            {dialog === 'block' && (
              <BlockDialog
                member={m}
                onClose={close}
                onDone={() => {
                  setNotice(`${name} is blocked and signed out everywhere.`);
                  close();
                }}
              />
            )}
            {dialog === 'delete' && (
              <DeleteDialog
                member={m}
                remove={remove}
                onClose={close}
                onDone={() => void navigate(customersUrls.members.href(), { replace: true })}
              />
            )}
          </>
        )}
      </QueryState>
    </>
  );
}

function Contact({ member: m }: { member: MemberView }) {
  const c = m.contact ?? {};
  // The contact's e-mails include the login e-mail, which the Account card shows already.
  const login = m.loginEmail?.toLowerCase();
  const others = (c.emails ?? []).filter((e) => e.toLowerCase() !== login);
  const rows: [string, string][] = [
    ['Name', [c.firstName, c.lastName].filter(Boolean).join(' ') || '—'],
    ...(others.length ? [['Other e-mails', others.join(', ')] as [string, string]] : []),
    ...(c.phones?.length ? [['Phone', c.phones.join(', ')] as [string, string]] : []),
    ...(c.company ? [['Company', c.company] as [string, string]] : []),
    ...(c.addresses ?? []).map(
      (a, i) =>
        [
          `Address ${i + 1}`,
          // As the country's post writes it, as the order pages do.
          addressText(a),
        ] as [string, string],
    ),
  ];
  return <Facts rows={rows} />;
}

function BlockDialog({
  member,
  onClose,
  onDone,
}: {
  member: MemberView;
  onClose: () => void;
  onDone: () => void;
}) {
  const http = useHttp();
  const block = useMutation(adminMemberMutations.block(http));
  return (
    <ConfirmDialog
      title={`Block ${memberName(member)}?`}
      description="They are signed out everywhere at once and cannot sign in again until you unblock them. Their orders and reviews stay."
      confirmLabel="Block member"
      busy={block.isPending}
      error={block.error}
      onConfirm={() => block.mutate(member.id, { onSuccess: onDone })}
      onClose={onClose}
    />
  );
}

function DeleteDialog({
  member,
  remove,
  onClose,
  onDone,
}: {
  member: MemberView;
  remove: UseMutationResult<object, Error, string>;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Delete ${memberName(member)}?`}
      description="Their account is deleted for good and they are signed out; their e-mail address may sign up again. Their orders stay; their reviews stay under “Former member”."
      confirmLabel="Delete member"
      busy={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate(member.id, { onSuccess: onDone })}
      onClose={onClose}
    />
  );
}
