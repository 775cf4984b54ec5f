import type { HttpClient, MemberAddress, MemberView, WireAddress } from '@vitrine/sdk';
import { memberCalls } from '@vitrine/sdk';
import {
  addressOf,
  addressText,
  Choice,
  draftOf,
  emptyDraft,
  sameAddress,
  Select,
  type AddressDraft,
  type CountryOption,
} from '@vitrine/ui';

/** The platform keeps at most 20 addresses per contact. */
const MAX_ADDRESSES = 20;

/** The member's saved addresses (`contact.addresses`, the first one their default). */
export const savedAddresses = (member: MemberView | undefined): MemberAddress[] =>
  member?.contact?.addresses ?? [];

/**
 * The form's first values: the checkout's address when it has one (a street or a city: a country
 * alone is the cart's shipping estimate), else the member's first saved address the store ships
 * to, else the checkout's (or an empty form in `country`).
 */
export function initialDraft(
  address: WireAddress | undefined,
  member: MemberView | undefined,
  shipsTo: readonly CountryOption[],
  country: string,
): AddressDraft {
  const street = address?.streetAddress;
  if (address?.country && (address.addressLine || street?.name || street?.number || address.city))
    return draftOf(address, country);
  const saved = savedAddresses(member).find((a) => shipsTo.some((c) => c.code === a.country?.toUpperCase()));
  if (saved) return draftOf(saved, country);
  return address?.country ? draftOf(address, country) : emptyDraft(country);
}

/**
 * "Saved addresses" above the address fields: each of the member's addresses in one line; choosing
 * one fills the fields (editable afterwards), "A new address" empties them. The choice shown is the
 * saved address the fields hold now, so an edited one reads "A new address". Addresses in a
 * country the store does not ship to are shown, not choosable.
 */
export function SavedAddresses({
  addresses,
  shipsTo,
  draft,
  onChoose,
}: {
  addresses: readonly MemberAddress[];
  shipsTo: readonly CountryOption[];
  draft: AddressDraft;
  onChoose: (draft: AddressDraft) => void;
}) {
  if (!addresses.length) return null;
  const current = addresses.findIndex((a) => sameAddress(a, addressOf(draft)));
  return (
    <Select
      label="Saved addresses"
      name="savedAddress"
      value={current < 0 ? '' : String(current)}
      onChange={(e) => {
        const chosen = addresses[Number(e.target.value)];
        onChoose(e.target.value && chosen ? draftOf(chosen, draft.country) : emptyDraft(draft.country));
      }}
    >
      {addresses.map((a, i) => {
        const ships = shipsTo.some((c) => c.code === a.country?.toUpperCase());
        return (
          <option key={a.id ?? i} value={String(i)} disabled={!ships}>
            {addressText(a)}
            {ships ? '' : ' (we do not ship there)'}
          </option>
        );
      })}
      <option value="">A new address</option>
    </Select>
  );
}

/** "Save this address to my account": for members, when the fields hold an address they have not saved. */
export function SaveAddressChoice({
  member,
  draft,
  checked,
  onChange,
}: {
  member: MemberView | undefined;
  draft: AddressDraft;
  checked: boolean;
  onChange: (save: boolean) => void;
}) {
  if (!member || savedAddresses(member).some((a) => sameAddress(a, addressOf(draft)))) return null;
  return (
    <Choice
      type="checkbox"
      name="saveAddress"
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      className="mb-4"
    >
      Save this address to my account
    </Choice>
  );
}

/** A checkout address as a member contact address (the fields the two share). */
export function memberAddressOf(a: WireAddress): MemberAddress {
  const pick = <K extends keyof WireAddress>(k: K) => (a[k] ? { [k]: a[k] } : {});
  const street = a.streetAddress;
  return {
    ...pick('addressLine'),
    ...pick('addressLine2'),
    ...(street?.name || street?.number
      ? {
          streetAddress: {
            ...(street.number ? { number: street.number } : {}),
            ...(street.name ? { name: street.name } : {}),
          },
        }
      : {}),
    ...pick('city'),
    ...pick('subdivision'),
    ...pick('country'),
    ...pick('postalCode'),
  } as MemberAddress;
}

/**
 * Adds the order's shipping address to the member's address book (after the order, when they
 * asked), unless it is there already. The member's other addresses stay as they were, in order.
 */
export async function saveToAccount(http: HttpClient, address: WireAddress | undefined): Promise<void> {
  if (!address?.country) return;
  const member = await memberCalls.me(http);
  const saved = savedAddresses(member);
  if (saved.length >= MAX_ADDRESSES || saved.some((a) => sameAddress(a, address))) return;
  await memberCalls.update(http, member.id, {
    contact: { addresses: [...saved.map(({ id: _id, ...a }) => a), memberAddressOf(address)] },
  });
}
