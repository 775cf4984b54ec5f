/**
 * Members chosen by name or e-mail: the chosen ones listed (each with Remove), a search of the
 * store's members as the merchant types (the members API's search: words starting a name, a
 * nickname or the login e-mail), and Add beside each member found. Keeps ids only.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import type { MemberView } from '@vitrine/contract';
import { adminMemberQueries } from '@vitrine/sdk/react';
import { Button, Field } from '@vitrine/ui';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useHttp } from '../../../app/http.tsx';
import { memberName } from '../../customers/member-status.tsx';
import { MAX_MEMBERS } from './conditions.ts';

export function MemberPicker({
  id,
  value,
  onChange,
  error,
}: {
  /** The search field's id (server errors and focus land there). */
  id: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const http = useHttp();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<MemberView[]>([]);
  useEffect(() => {
    const t = setTimeout(() => setTerm(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  const found = useQuery({
    ...adminMemberQueries.list(http, { text: term, limit: 8 }),
    enabled: term !== '',
  });
  const unknown = value.filter((m) => !picked.some((p) => p.id === m));
  const read = useQueries({
    queries: unknown.map((m) => ({ ...adminMemberQueries.one(http, m), retry: false })),
  });
  const labelOf = (m: string) => {
    const member = picked.find((p) => p.id === m) ?? read[unknown.indexOf(m)]?.data;
    return member
      ? { name: memberName(member), email: member.loginEmail }
      : { name: read[unknown.indexOf(m)]?.isError ? 'A member no longer found' : 'Loading…' };
  };
  const full = value.length >= MAX_MEMBERS;
  // The search field keeps the focus when the button pressed goes away (Add, Remove).
  const refocus = () => document.getElementById(id)?.focus();
  const add = (m: MemberView) => {
    setPicked([...picked, m]);
    if (!value.includes(m.id)) onChange([...value, m.id]);
    setText('');
    setTerm('');
    refocus();
  };
  const enter = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter searches at once here; it does not submit the dialog's form.
    if (e.key !== 'Enter') return;
    e.preventDefault();
    setTerm(text.trim());
  };
  const results = found.data?.members.filter((m) => !value.includes(m.id)) ?? [];

  return (
    <div className="mb-2">
      {value.length > 0 ? (
        <ul aria-label="Chosen members" className="mb-3 divide-y divide-line rounded-lg border border-line">
          {value.map((m) => {
            const { name, email } = labelOf(m);
            return (
              <li key={m} className="flex items-center justify-between gap-2 px-3 py-1">
                <span className="min-w-0">
                  <span className="block truncate">{name}</span>
                  {email && <span className="block truncate text-sm text-muted">{email}</span>}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${name}`}
                  onClick={() => {
                    onChange(value.filter((x) => x !== m));
                    refocus();
                  }}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mb-2 text-sm text-muted">No member chosen yet.</p>
      )}
      <Field
        id={id}
        label="Find a member"
        type="search"
        className="mb-1"
        value={text}
        autoComplete="off"
        spellCheck={false}
        disabled={full}
        hint={full ? `At most ${MAX_MEMBERS} members.` : 'The start of a name or an e-mail address.'}
        error={error}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={enter}
      />
      <p role="status" className="text-sm text-muted">
        {term === '' || full
          ? ''
          : found.isPending
            ? 'Searching…'
            : found.isError
              ? 'The members could not be searched.'
              : results.length === 0
                ? 'No other member found.'
                : `${results.length} member${results.length === 1 ? '' : 's'} found.`}
      </p>
      {results.length > 0 && !full && (
        <ul aria-label="Members found" className="mt-1 divide-y divide-line rounded-lg border border-line">
          {results.map((m) => (
            <li key={m.id} className="flex items-center justify-between gap-2 px-3 py-1">
              <span className="min-w-0">
                <span className="block truncate">{memberName(m)}</span>
                <span className="block truncate text-sm text-muted">{m.loginEmail}</span>
              </span>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Add ${memberName(m)}`}
                onClick={() => add(m)}
              >
                Add
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
