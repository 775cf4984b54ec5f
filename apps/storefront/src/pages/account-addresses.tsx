import { useMutation } from '@tanstack/react-query';
import type { MemberAddress, MemberView } from '@vitrine/sdk';
import { memberMutations } from '@vitrine/sdk/react';
import {
  AddressFields,
  addressLines,
  addressOf,
  addressProblems,
  addressText,
  Alert,
  allCountries,
  Badge,
  Button,
  draftOf,
  emptyDraft,
  localeCountry,
  sameAddress,
  type AddressDraft,
} from '@vitrine/ui';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useEnv } from '../env.tsx';
import { describeError } from '../errors.ts';

/** The platform keeps at most 20 addresses per contact (`contact.addresses`). */
const MAX_ADDRESSES = 20;

/** A saved address without its id (the whole list is written back: arrays are replaced). */
const bare = ({ id: _id, ...a }: MemberAddress) => a;

/**
 * The member's address book (`contact.addresses`): each address as every page shows one
 * (`addressLines`), the first one the default the checkout fills in, and the kit's address form,
 * the same as the checkout's (any country here: the store's destinations matter only at checkout).
 * "Edit" fills that form with a saved address (focus moves to it); saving puts the changed address
 * back in its place, so the default stays the default.
 */
export function AddressBook({ member }: { member: MemberView }) {
  const { http } = useEnv();
  const save = useMutation(memberMutations.update(http));
  const addresses = member.contact?.addresses ?? [];
  const countries = useMemo(() => allCountries(), []);
  const fresh = () => emptyDraft(addresses[0]?.country?.toUpperCase() ?? localeCountry() ?? 'US');
  const [draft, setDraft] = useState<AddressDraft>(fresh);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string>();
  /** The index of the saved address the form holds, while one is edited. */
  const [editing, setEditing] = useState<number>();
  const formHeading = useRef<HTMLHeadingElement>(null);
  const reset = () => {
    setEditing(undefined);
    setErrors({});
    setDraft(fresh());
  };
  const edit = (i: number, a: MemberAddress) => {
    setEditing(i);
    setErrors({});
    setNotice(undefined);
    setDraft(draftOf(a, a.country?.toUpperCase() ?? 'US'));
    requestAnimationFrame(() => formHeading.current?.focus());
  };
  /**
   * Writes the whole list. Once saved, the form starts over when it was the form's own change, or
   * when an edit was under way (the position it edits may have moved); a new address being typed
   * stays while another one is made the default or removed.
   */
  const write = (next: Omit<MemberAddress, 'id'>[], done: string, fromForm = false) => {
    setNotice(undefined);
    save.mutate(
      { id: member.id, patch: { contact: { addresses: next } } },
      {
        onSuccess: () => {
          setNotice(done);
          if (fromForm || editing !== undefined) reset();
        },
      },
    );
  };
  const add = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problems = addressProblems(draft) as Record<string, string>;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const address = addressOf(draft);
    if (addresses.some((a, j) => j !== editing && sameAddress(a, address))) {
      setErrors({});
      setNotice('This address is saved already.');
      return;
    }
    if (editing !== undefined)
      write(
        addresses.map((a, j) => (j === editing ? address : bare(a))),
        'Address updated.',
        true,
      );
    else write([...addresses.map(bare), address], 'Address saved.', true);
  };
  const invalid = Object.keys(errors).length > 0;
  return (
    <section aria-labelledby="addresses-heading">
      <h2 id="addresses-heading" className="mb-4 text-xl font-semibold">
        Addresses
      </h2>
      {save.isError && <Alert>{describeError(save.error)}</Alert>}
      {notice && <Alert variant="success">{notice}</Alert>}
      {addresses.length === 0 ? (
        <p className="mb-6">No saved addresses yet.</p>
      ) : (
        <ul aria-label="Saved addresses" className="mb-6 grid gap-3 sm:grid-cols-2">
          {addresses.map((a, i) => {
            const text = addressText(a);
            return (
              <li
                key={a.id ?? i}
                className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4"
              >
                <p>
                  {addressLines(a).map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </p>
                <div className="flex flex-wrap items-center gap-x-3">
                  {i === 0 ? (
                    <Badge tone="info">Default at checkout</Badge>
                  ) : (
                    <Button
                      variant="link"
                      disabled={save.isPending}
                      aria-label={`Make default: ${text}`}
                      onClick={() =>
                        write(
                          [a, ...addresses.filter((_, j) => j !== i)].map(bare),
                          'Default address changed.',
                        )
                      }
                    >
                      Make default
                    </Button>
                  )}
                  <Button
                    variant="link"
                    disabled={save.isPending}
                    aria-label={`Edit address ${text}`}
                    onClick={() => edit(i, a)}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="link"
                    disabled={save.isPending}
                    aria-label={`Remove address ${text}`}
                    onClick={() => write(addresses.filter((_, j) => j !== i).map(bare), 'Address removed.')}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {addresses.length >= MAX_ADDRESSES && editing === undefined ? (
        <p>You can save up to {MAX_ADDRESSES} addresses. Remove one to add another.</p>
      ) : (
        <form onSubmit={add} noValidate className="max-w-md" aria-labelledby="add-address-heading">
          <h3 id="add-address-heading" ref={formHeading} tabIndex={-1} className="mb-3 font-semibold">
            {editing === undefined ? 'Add an address' : 'Edit the address'}
          </h3>
          {invalid && <Alert>Please check the highlighted fields.</Alert>}
          <AddressFields value={draft} onChange={setDraft} countries={countries} errors={errors} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={save.isPending}>
              {editing === undefined ? 'Save address' : 'Save changes'}
            </Button>
            {editing !== undefined && (
              <Button variant="secondary" onClick={reset}>
                Cancel
              </Button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
