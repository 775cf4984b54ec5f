import { z } from 'zod';
import { id, isoDate } from './scalars.ts';

/**
 * Identity wire shapes (contract/oauth-identity.md §3). Request objects are tolerant: unknown
 * fields are dropped rather than refused, because the SDK packages declare more optional request
 * fields than were captured, and a refused sign-up or login would break a shop's only way in.
 */

export const identityStatusName = z.enum([
  'UNKNOWN_STATUS',
  'PENDING',
  'ACTIVE',
  'DELETED',
  'BLOCKED',
  'OFFLINE',
]);
export const identityStatusReason = z.enum([
  'UNKNOWN_REASON',
  'PENDING_ADMIN_APPROVAL_REQUIRED',
  'PENDING_EMAIL_VERIFICATION_REQUIRED',
  'PENDING_REQUIRED_FIELDS_MISSING',
]);
export const factorType = z.enum([
  'PASSWORD',
  'SMS',
  'CALL',
  'EMAIL',
  'TOTP',
  'PUSH',
  'WEBAUTHN',
  'RECOVERY_CODE',
]);
export const factorStatus = z.enum(['INACTIVE', 'ACTIVE', 'REQUIRE_REENROLL']);
export const loginState = z.enum([
  'UNKNOWN_STATE',
  'SUCCESS',
  'REQUIRE_OWNER_APPROVAL',
  'REQUIRE_EMAIL_VERIFICATION',
  'STATUS_CHECK',
  'REQUIRE_MISSING_FIELDS',
]);
export type IdentityStatusName = z.infer<typeof identityStatusName>;
export type IdentityStatusReason = z.infer<typeof identityStatusReason>;
export type FactorType = z.infer<typeof factorType>;
export type LoginState = z.infer<typeof loginState>;

const text = (max = 200) => z.string().max(max);

/** A copy without the object properties that are `null`, at every depth. */
function withoutNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutNulls);
  if (v === null || typeof v !== 'object' || Object.getPrototypeOf(v) !== Object.prototype) return v;
  return Object.fromEntries(
    Object.entries(v).flatMap(([k, x]) => (x === null ? [] : [[k, withoutNulls(x)]])),
  );
}
/**
 * A request body in which `null` means "not given": the SDK packages declare most optional request
 * fields `T | null` (`firstName?: string | null`, `clientMetaData?: … | null`, `stateToken?: … | null`),
 * and a front end passing a form's empty field must not have its sign-up refused.
 */
const request = <S extends z.ZodType>(s: S) => z.preprocess(withoutNulls, s);
/** A typed value: `additionalData.*` and custom fields (`strValue|numValue|dateValue|listValue|mapValue`). */
export const customValue = z.looseObject({
  strValue: z.string().optional(),
  numValue: z.number().optional(),
  dateValue: z.string().optional(),
});
/** Addresses use the ecom conversion on the wire (`addressLine`, `geocode`, `formattedAddress`); kept as given. */
const identityAddress = z.looseObject({
  addressLine: text(500).optional(),
  city: text().optional(),
  country: text(100).optional(),
  postalCode: text(50).optional(),
});

export const identityProfile = z.object({
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  nickname: text(100).optional(),
  picture: text(2000).optional(),
  emails: z.array(text(320)).max(20).optional(),
  phones: z.array(text(50)).max(20).optional(),
  labels: z.array(text(100)).max(50).optional(),
  language: text(35).optional(),
  privacyStatus: z.enum(['UNDEFINED', 'PUBLIC', 'PRIVATE']).optional(),
  customFields: z
    .array(z.object({ name: text(100), value: customValue }))
    .max(50)
    .optional(),
  secondaryEmails: z
    .array(z.object({ email: text(320), tag: z.enum(['UNTAGGED', 'MAIN', 'HOME', 'WORK']).optional() }))
    .max(20)
    .optional(),
  phonesV2: z
    .array(
      z.object({
        countryCode: text(10).optional(),
        phone: text(50),
        tag: z.enum(['UNTAGGED', 'MAIN', 'HOME', 'MOBILE', 'WORK', 'FAX']).optional(),
      }),
    )
    .max(20)
    .optional(),
  addresses: z
    .array(
      z.object({
        address: identityAddress,
        tag: z.enum(['UNTAGGED', 'HOME', 'WORK', 'BILLING', 'SHIPPING']).optional(),
      }),
    )
    .max(20)
    .optional(),
  company: text().optional(),
  position: text().optional(),
  birthdate: text(10).optional(),
  slug: text(100).optional(),
  subscription: z.boolean().optional(),
  vatId: z.looseObject({ id: text(50).optional(), type: text(20).optional() }).optional(),
});
export type IdentityProfile = z.infer<typeof identityProfile>;

export const identityFactor = z.object({ factorId: z.string(), type: factorType, status: factorStatus });
export const identity = z.object({
  id,
  revision: z.string(),
  createdDate: isoDate,
  updatedDate: isoDate,
  connections: z.array(z.unknown()),
  identityProfile,
  email: z.object({ address: z.string(), isVerified: z.boolean() }),
  status: z.object({ name: identityStatusName, reasons: z.array(identityStatusReason) }),
  factors: z.array(identityFactor),
});
export type Identity = z.infer<typeof identity>;

/** What register, login, recover and the verification calls answer. */
export const stateMachineResponse = z.object({
  state: loginState,
  sessionToken: z.string().nullable(),
  stateToken: z.string().nullable(),
  identity: identity.nullable(),
  /** Extra step data. A second-factor step (STATUS_CHECK) says which factor: `{factorType: "TOTP"}`. */
  additionalData: z.record(z.string(), z.unknown()),
});
export type StateMachineResponse = z.infer<typeof stateMachineResponse>;

/** `captchaTokens` items, with the SDK's own capitalisation. Values are ALTCHA payloads here. */
export const captchaToken = z.object({
  Recaptcha: z.string().max(10_000).optional(),
  InvisibleRecaptcha: z.string().max(10_000).optional(),
  NoCaptcha: z.string().max(10_000).optional(),
  recaptchaForClientSiteKey: z
    .object({ token: z.string().max(10_000), siteKeyId: z.string().max(200).optional() })
    .optional(),
});
const captchaTokens = z.array(captchaToken).max(5).optional();
const clientMetaData = z.record(z.string(), z.unknown()).optional();

/** Register reports a bad e-mail as a FORMAT violation with `data.type: "EMAIL"` (the SDK's `invalidEmail`). */
const registerEmail = z
  .unknown()
  .transform((v, c) => {
    if (typeof v === 'string' && v.trim().length <= 320 && z.email().safeParse(v.trim()).success)
      return v.trim();
    c.addIssue({
      code: 'custom',
      message: 'must be a valid e-mail address',
      params: { violatedRule: 'FORMAT', data: { type: 'EMAIL' } },
    });
    return z.NEVER;
  })
  .meta({ type: 'string', format: 'email' });

export const registerRequest = request(
  z.object({
    loginId: z.preprocess((v) => v ?? {}, z.object({ email: registerEmail })),
    password: z.string(),
    profile: identityProfile.optional(),
    captchaTokens,
    clientMetaData,
  }),
);

export const loginRequest = request(
  z.object({
    loginId: z.object({ email: z.string().max(320) }),
    password: z.string(),
    captchaTokens,
    clientMetaData,
    stateToken: z.string().max(500).optional(),
  }),
);

export const validateEmailRequest = z.object({ email: z.string().max(1000) });
export const validateEmailResponse = z.object({
  valid: z.boolean(),
  formatInvalid: z.boolean(),
  failure: z
    .object({
      reason: z.enum([
        'UNKNOWN_REASON',
        'EMAIL_ADDRESS_BOUNCED',
        'EMAIL_DOMAIN_MISSING_DNS_RECORDS',
        'EMAIL_DOMAIN_FORMAT_INVALID',
        'EMAIL_DOMAIN_PERMANENTLY_BLACKLISTED',
      ]),
    })
    .optional(),
});

export const changePasswordRequest = z.object({ newPassword: z.string() });

export const signOnRequest = request(
  z.object({
    loginId: z.object({ email: z.email().max(320) }),
    profile: identityProfile.optional(),
    /** true: the caller vouches that the e-mail address is verified. */
    verifyEmail: z.boolean().optional(),
    mergeExistingContact: z.boolean().optional(),
  }),
);
export const signOnResponse = z.object({ sessionToken: z.string(), identity });

export const logoutQuery = z.object({
  postLogoutRedirectUri: z.string().max(2000).optional(),
  clientId: z.string().max(200).optional(),
});
/** The raw HTTP wrapper some identity calls answer with; `body` is standard base64. */
export const rawHttpResponse = z.object({
  body: z.string(),
  statusCode: z.number().int(),
  headers: z.array(z.object({ key: z.string(), value: z.string() })),
});

const redirect = z.object({ url: z.string().max(2000).optional(), clientId: z.string().max(200).optional() });
export const sendRecoveryEmailRequest = request(
  z.object({
    email: z.string().max(1000),
    language: z.string().max(35).optional(),
    redirect: redirect.optional(),
  }),
);
export const sendActivationEmailRequest = request(
  z.object({
    identityId: id,
    emailOptions: z
      .object({ language: z.string().max(35).optional(), redirect: redirect.optional() })
      .optional(),
  }),
);
export const recoverRequest = request(z.object({ recoveryToken: z.string().max(500), password: z.string() }));
/**
 * Vitrine's own (the reset pages ask before showing the form): what became of a recovery or
 * activation link, without spending it. `UNKNOWN`: no such link (mistyped, cut, or long gone).
 */
export const recoveryLinkStatusRequest = request(z.object({ recoveryToken: z.string().max(500) }));
export const recoveryLinkStatus = z.enum(['VALID', 'EXPIRED', 'USED', 'UNKNOWN']);
export type RecoveryLinkStatus = z.infer<typeof recoveryLinkStatus>;
export const recoveryLinkStatusResponse = z.object({ status: recoveryLinkStatus });
/**
 * Vitrine's own: a new link for the account an expired or used link was sent to, mailed to its
 * address (the shopper need not type it). The same `{}` whatever the token.
 */
export const resendRecoveryEmailRequest = request(
  z.object({ recoveryToken: z.string().max(500), redirect: redirect.optional() }),
);

export const verificationStartRequest = request(
  z.object({
    identityId: id,
    target: z.enum(['UNKNOWN_TARGET', 'EMAIL']).optional(),
  }),
);
export const verificationStartResponse = z.object({ verificationId: z.string() });
export const verifyDuringAuthenticationRequest = request(
  z.object({
    code: z.string().max(100),
    stateToken: z.string().max(500),
  }),
);
export const resendDuringAuthenticationRequest = request(z.object({ stateToken: z.string().max(500) }));

const codeData = z.object({ code: z.string().max(100) });
/** Legacy `POST …/v2/{factorType}/verify`. */
export const legacyVerifyRequest = request(
  z.object({
    factorType: z.string().max(50).optional(),
    stateToken: z.string().max(500),
    rememberThisDevice: z.boolean().optional(),
    emailData: codeData.optional(),
    totpData: codeData.optional(),
    recoveryCodeData: codeData.optional(),
    smsData: z.looseObject({ code: z.string().max(100).optional() }).optional(),
    callData: codeData.optional(),
    pushData: z.looseObject({}).optional(),
  }),
);

export const totpEnrollResponse = z.object({
  factor: identityFactor,
  secret: z.string(),
  otpauthUri: z.string(),
});
export const totpConfirmRequest = z.object({ code: z.string().max(20) });
export const totpConfirmResponse = z.object({ factor: identityFactor, recoveryCodes: z.array(z.string()) });
/** `GET …/v2/factors`: the signed-in member's factors (TOTP `ACTIVE` once set up). */
export const factorsResponse = z.object({ factors: z.array(identityFactor) });
/** `POST …/v2/factors/totp/remove`: a current authenticator code or an unused recovery code. */
export const totpRemoveRequest = z.object({ code: z.string().max(20) });
/** `POST …/v2/sessions/end-others`: how many of the member's other sessions were ended. */
export const endOtherSessionsResponse = z.object({ endedSessions: z.number().int() });
/** What a browser's User-Agent says of its device (names only; unknown when it says nothing clear). */
export const deviceView = z.object({
  browser: z.string().optional(),
  os: z.string().optional(),
  type: z.enum(['DESKTOP', 'MOBILE', 'TABLET', 'TV', 'UNKNOWN']),
});
/** One place the member is signed in (a session: its refresh token and the access tokens it renews). */
export const memberSessionView = z.object({
  id: z.string(),
  /** The session of the access token that asks. */
  current: z.boolean(),
  device: deviceView,
  /** The app (OAuth client) it was issued to. */
  appName: z.string(),
  createdDate: z.string(),
  /** Its last renewal of access, or its creation: known to within an access token's lifetime. */
  lastActiveDate: z.string(),
});
/** `GET …/v2/sessions`: the member's live sessions, the caller's first, then the most recently active (at most 50). */
export const memberSessionsResponse = z.object({ sessions: z.array(memberSessionView) });
export const sessionIdParams = z.object({ sessionId: z.string().max(100) });
export type DeviceView = z.infer<typeof deviceView>;
export type MemberSessionView = z.infer<typeof memberSessionView>;
export type IdentityFactor = z.infer<typeof identityFactor>;
export type TotpEnrollResponse = z.infer<typeof totpEnrollResponse>;
export type TotpConfirmResponse = z.infer<typeof totpConfirmResponse>;

export const captchaConfigResponse = z.object({
  provider: z.literal('ALTCHA'),
  siteKey: z.string(),
  invisibleSiteKey: z.string(),
  challengeUrl: z.string(),
});

/** `GET /_api/iam/captcha/v1/challenge`: a signed ALTCHA challenge for the widget. */
export const captchaChallengeResponse = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
