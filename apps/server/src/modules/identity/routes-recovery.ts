import {
  emptyResponse,
  recoverRequest,
  recoveryLinkStatusRequest,
  recoveryLinkStatusResponse,
  resendDuringAuthenticationRequest,
  resendRecoveryEmailRequest,
  sendActivationEmailRequest,
  sendRecoveryEmailRequest,
  stateMachineResponse,
  verificationStartRequest,
  verificationStartResponse,
  verifyDuringAuthenticationRequest,
} from '@vitrine/contract';
import type { Router } from '../../platform/http/route.ts';
import {
  recover,
  recoveryLinkStatus,
  resendRecoveryEmail,
  sendActivationEmail,
  sendRecoveryEmail,
} from './recovery.ts';
import { iam } from './paths.ts';
import { resendDuringAuthentication, startVerification, verifyDuringAuthentication } from './verification.ts';

const tags = ['identity'];

/** Password recovery and e-mail verification (`/_api/iam/recovery`, `/_api/iam/verification`). */
export function recoveryRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: iam('recovery', '/v1/send-email'),
    roles: 'any',
    tags,
    summary: 'Mail a password reset link (same answer whether or not the account exists)',
    body: sendRecoveryEmailRequest,
    response: emptyResponse,
    async handler(ctx, { body }) {
      await sendRecoveryEmail(ctx, body);
      return {};
    },
  });

  r.route({
    method: 'POST',
    url: iam('recovery', '/v1/activation-email'),
    roles: ['admin'],
    tags,
    summary: "Mail an account's owner a link to choose a password",
    body: sendActivationEmailRequest,
    response: emptyResponse,
    async handler(ctx, { body }) {
      await sendActivationEmail(ctx, body);
      return {};
    },
  });

  r.route({
    method: 'POST',
    url: iam('recovery', '/v1/recover'),
    roles: 'any',
    tags,
    summary: 'Set a new password with the token of a reset or activation link',
    body: recoverRequest,
    response: stateMachineResponse,
    handler: (ctx, { body }) => recover(ctx, body),
  });

  r.route({
    method: 'POST',
    url: iam('recovery', '/v1/link-status'),
    roles: 'any',
    tags,
    summary:
      "Vitrine's own: whether a reset or activation link still works (VALID, EXPIRED, USED, UNKNOWN), without spending it",
    body: recoveryLinkStatusRequest,
    response: recoveryLinkStatusResponse,
    handler: async (ctx, { body }) => ({ status: await recoveryLinkStatus(ctx, body.recoveryToken) }),
  });

  r.route({
    method: 'POST',
    url: iam('recovery', '/v1/resend-email'),
    roles: 'any',
    tags,
    summary:
      "Vitrine's own: mail a new link to the account an expired or used link was sent to (the same answer whatever the token)",
    body: resendRecoveryEmailRequest,
    response: emptyResponse,
    async handler(ctx, { body }) {
      await resendRecoveryEmail(ctx, body);
      return {};
    },
  });

  r.route({
    method: 'POST',
    url: [...iam('verification', '/v1/start'), ...iam('verification', '/v1/Start')],
    roles: 'any',
    tags,
    summary:
      "Mail a verification code to an identity's address; the verificationId is the state token for auth/verify",
    body: verificationStartRequest,
    response: verificationStartResponse,
    handler: (ctx, { body }) => startVerification(ctx, body.identityId),
  });

  r.route({
    method: 'POST',
    url: iam('verification', '/v1/auth/verify'),
    roles: 'any',
    tags,
    summary: 'Continue a sign-in with the e-mailed code (or a second-factor code)',
    body: verifyDuringAuthenticationRequest,
    response: stateMachineResponse,
    handler: (ctx, { body }, req) => verifyDuringAuthentication(ctx, body, req.ip),
  });

  r.route({
    method: 'POST',
    url: iam('verification', '/v1/auth/resend'),
    roles: 'any',
    tags,
    summary: 'Mail a new code for a pending e-mail verification step',
    body: resendDuringAuthenticationRequest,
    response: stateMachineResponse,
    handler: (ctx, { body }) => resendDuringAuthentication(ctx, body.stateToken),
  });
}
