import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, applicationEnvelope, ValidationError, validationEnvelope } from '../errors.ts';

/** Fastify's own failures (parsing, limits), mapped to the platform's codes. */
const fastifyCodes: Record<string, { status: number; code: string; description: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'MALFORMED_JSON',
    description: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'MALFORMED_JSON',
    description: 'The request body is empty',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    description: 'The request body is larger than allowed',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    description: 'Unsupported Content-Type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'INVALID_CONTENT_LENGTH',
    description: 'Content-Length does not match the body',
  },
  FST_ERR_CTP_INVALID_TYPE: {
    status: 400,
    code: 'INVALID_CONTENT_TYPE',
    description: 'The Content-Type header is malformed',
  },
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_URL', description: 'The URL is malformed' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'BAD_REQUEST', description: 'The request cannot be routed' },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'URI_TOO_LONG',
    description: 'A path parameter is longer than allowed',
  },
};

/**
 * Fastify's `frameworkErrors`: failures before routing (a path that is not valid percent-encoded
 * UTF-8, a path parameter over the length limit), answered in the envelope like every other error.
 */
export function frameworkError(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const known = fastifyCodes[error.code] ?? {
    status: 400,
    code: 'BAD_REQUEST',
    description: 'The request cannot be routed',
  };
  return reply
    .status(known.status)
    .header('x-wix-request-id', req.id)
    .send(applicationEnvelope(known.code, known.description, { requestId: String(req.id) }));
}

/** Every failure, expected or not, leaves in the envelope with the request id; nothing internal leaks. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, req, reply) => {
    const requestId = String(req.id);
    if (error instanceof ValidationError) {
      return reply.status(400).send(validationEnvelope(error.fieldViolations, error.message));
    }
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send(applicationEnvelope(error.code, error.description, { ...error.data, requestId }));
    }
    const known = 'code' in error && error.code ? fastifyCodes[error.code] : undefined;
    if (known)
      return reply
        .status(known.status)
        .send(applicationEnvelope(known.code, known.description, { requestId }));
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send(applicationEnvelope('BAD_REQUEST', 'The request could not be processed', { requestId }));
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(
        applicationEnvelope(
          'INTERNAL_ERROR',
          'Something went wrong on our side; quote the request id when reporting it',
          { requestId },
        ),
      );
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send(
      applicationEnvelope('ROUTE_NOT_FOUND', `No route for ${req.method} ${req.url.split('?')[0]}`, {
        requestId: String(req.id),
      }),
    );
  });
}
