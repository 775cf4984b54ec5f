/**
 * @vitrine/ui: the accessible primitives of the storefront, the hosted pages and the dashboard.
 * One module per primitive, and no side effects, so an app's first chunk takes only what it uses.
 * The Dialog (Radix) is its own entry, `@vitrine/ui/dialog`, for apps to load when one opens; the QR
 * code (`@vitrine/ui/qr-code`) is loaded by `AuthenticatorKey` when it shows one. The video player
 * (`@vitrine/ui/video-player`, HLS by hls.js loaded on first play) is for the pages that show a video.
 */
// Addresses as people read them live in the contract: the server's e-mails write them too.
export {
  addressLines,
  addressText,
  countryName,
  placeText,
  type AddressLike,
  type ContactLike,
} from '@vitrine/contract/address-text';
export {
  addressOf,
  addressProblems,
  draftOf,
  emptyDraft,
  sameAddress,
  streetOf,
  type AddressDraft,
  type AddressField,
  type AddressInput,
  type AddressValue,
} from './address-draft.ts';
export { AddressFields, type AddressFieldsProps } from './address-form.tsx';
export { Alert, type AlertVariant } from './alert.tsx';
export { AuthenticatorKey } from './authenticator-key.tsx';
export { Badge, type BadgeTone } from './badge.tsx';
export { Button, buttonClass, type ButtonProps, type ButtonSize, type ButtonVariant } from './button.tsx';
export { Card, VisuallyHidden } from './card.tsx';
export { Choice, ChoiceGroup, type ChoiceProps } from './choice.tsx';
export { choiceClass, controlClass, linkClass } from './classes.ts';
export { CredentialFields } from './credential-fields.tsx';
export { DEAD_LINK_WORDS, type DeadLinkStatus } from './dead-link.ts';
export { deviceKind, deviceLabel, type DeviceView } from './device.ts';
export { Field, type FieldProps } from './field.tsx';
export { useFocusFirstInvalid } from './field-errors.ts';
export { PageHeading } from './heading.tsx';
export { Loading, Spinner } from './loading.tsx';
export { formatMoney, isZeroMoney, type Money } from './money.ts';
export { MoreFilters } from './more-filters.tsx';
export { Price } from './price.tsx';
export {
  allCountries,
  localeCountry,
  numberFirst,
  subdivisionCode,
  subdivisions,
  type CountryOption,
} from './regions.ts';
export { Select, type SelectProps } from './select.tsx';
export { SessionItem } from './session-item.tsx';
export {
  authFormProblems,
  BLOCKED_ACCOUNT_WORDS,
  CHECK_FIELDS_WORDS,
  lockedWords,
  PASSWORD_MIN_LENGTH,
  triesLeftWords,
  type AuthField,
  type AuthFieldErrors,
} from './sign-in.ts';
export { fieldSentence } from './field-sentence.ts';
export { announceSignIn, onSignInElsewhere } from './signed-in-elsewhere.ts';
export { LoadingSkeleton, Skeleton } from './skeleton.tsx';
export { Table, type TableProps } from './table.tsx';
export { Tabs, tabClass } from './tabs.tsx';
export { TextArea, type TextAreaProps } from './textarea.tsx';
