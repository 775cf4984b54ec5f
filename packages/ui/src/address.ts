/** Addresses as people read them: the contract's (`address-text.ts`), shared with the server's e-mails. */
export {
  addressLines,
  addressText,
  countryName,
  placeText,
  type AddressLike,
  type ContactLike,
} from '@vitrine/contract/address-text';
