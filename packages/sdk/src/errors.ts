/**
 * Errors thrown by the client, built from non-200 answers the way the official SDK builds
 * them (contract/conventions.md §8).
 */
import type { ApplicationError, FieldViolation } from '@vitrine/contract';

/** `applicationError` as thrown: `code` is the numeric HTTP status when it was synthesized. */
export type VitrineApplicationError = Omit<ApplicationError, 'code'> & { code: string | number };

/** A violation as the server sent it (not validated; `data` may be missing). */
export type VitrineFieldViolation = Omit<FieldViolation, 'data'> & { data?: FieldViolation['data'] };

export interface VitrineErrorDetails {
  applicationError?: VitrineApplicationError;
  validationError?: { fieldViolations: VitrineFieldViolation[] };
  requestId: string | undefined;
}

export interface VitrineErrorInit {
  status: number | undefined;
  requestId: string | undefined;
  details: VitrineErrorDetails;
  /** The original failure (network error, JSON syntax error, ...) for system errors. */
  runtimeError?: unknown;
}

export class VitrineError extends Error {
  override readonly name = 'VitrineError';
  /** HTTP status; undefined when no usable answer arrived (system errors). */
  readonly status: number | undefined;
  /** The answer's `X-Wix-Request-Id` header. */
  readonly requestId: string | undefined;
  readonly details: VitrineErrorDetails;
  readonly runtimeError?: unknown;

  constructor(message: string, init: VitrineErrorInit) {
    super(message, init.runtimeError === undefined ? undefined : { cause: init.runtimeError });
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details;
    if (init.runtimeError !== undefined) this.runtimeError = init.runtimeError;
  }
}

export function isVitrineError(e: unknown): e is VitrineError {
  return e instanceof VitrineError;
}

/** The `applicationError.code` of a VitrineError, else undefined. */
export function errorCode(e: unknown): string | number | undefined {
  return isVitrineError(e) ? e.details.applicationError?.code : undefined;
}

export interface FailedAnswer {
  status: number;
  statusText: string;
  requestId: string | undefined;
  /** The parsed JSON body, or null when it was empty or not JSON. */
  body: unknown;
}

type Obj = Record<string, unknown>;
const asObject = (v: unknown): Obj | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;
const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function jsonMessage(message: string, details: VitrineErrorDetails): string {
  return JSON.stringify({ message, details }, null, 2);
}

/** Builds the error for a non-200 answer. */
export function errorFromAnswer(answer: FailedAnswer): VitrineError {
  const { status, statusText, requestId } = answer;
  const body = asObject(answer.body);
  const message = asString(body?.message) ?? statusText;
  const bodyDetails = asObject(body?.details);
  const validation = asObject(bodyDetails?.validationError);
  const application = asObject(bodyDetails?.applicationError);

  if (validation) {
    const raw = Array.isArray(validation.fieldViolations) ? validation.fieldViolations : [];
    const fieldViolations = (raw as VitrineFieldViolation[])
      .slice()
      .sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
    const details: VitrineErrorDetails = { validationError: { fieldViolations }, requestId };
    const summary = fieldViolations.map((v) => `"${v.field}" ${v.description}`).join(', ');
    return new VitrineError(jsonMessage(`INVALID_ARGUMENT: ${summary}`, details), {
      status,
      requestId,
      details,
    });
  }

  if (application) {
    const description = asString(application.description) ?? 'UNKNOWN';
    const code = application.code;
    const details: VitrineErrorDetails = {
      applicationError: {
        description,
        code: typeof code === 'string' || typeof code === 'number' ? code : 'UNKNOWN',
        data: asObject(application.data) ?? {},
      },
      requestId,
    };
    const text = message === description ? message : `${message}: ${description}`;
    return new VitrineError(jsonMessage(text, details), { status, requestId, details });
  }

  const details: VitrineErrorDetails = {
    applicationError: {
      description: message,
      code: status,
      data: { requestId, details: answer.body ?? null },
    },
    requestId,
  };
  return new VitrineError(jsonMessage(message, details), { status, requestId, details });
}

/** A "System error occurred" error for failures without a usable answer. */
export function systemError(original: unknown, requestId?: string): VitrineError {
  const reason = original instanceof Error ? original.message : String(original);
  const message = requestId
    ? `System error occurred, request-id: ${requestId}`
    : `System error occurred: ${reason}`;
  const details: VitrineErrorDetails = {
    applicationError: { description: message, code: 'UNKNOWN', data: {} },
    requestId,
  };
  return new VitrineError(message, { status: undefined, requestId, details, runtimeError: original });
}
