import { UploadRejectedError } from '../../platform/documents/index.js';
import type { FastifyError } from 'fastify';
import type { App } from '../types.js';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type DomainErrorCode } from '../../domain/shared/index.js';
import { isTransientConnectionError } from '../../platform/database/waitForDatabase.js';
import {
  InvalidArgumentError,
  StreamDeletedError,
  UnavailableError,
  WrongExpectedVersionError,
} from '../../platform/eventStore/port.js';

const STATUS: Partial<Record<DomainErrorCode, number>> = { invalid: 400, not_found: 404, forbidden: 403 };

/**
 * Every refusal becomes `{ message, code, issues? }` with a status that tells what went wrong:
 * bad input 400, forbidden 403, not found 404, conflict 409. Only the unforeseen is a 500.
 */
export function registerErrorHandler(app: App) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        field: [error.validationContext, ...String(issue.instancePath).split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'is invalid',
      }));
      return reply.status(400).send({
        message: issues.map((issue) => `${issue.field}: ${issue.message}`).join('; '),
        code: 'invalid',
        issues,
      });
    }
    if (error instanceof UploadRejectedError) {
      return reply.status(error.statusCode).send({
        message: error.message,
        code: error.code,
        reason: error.reason,
        accepted: error.accepted,
        ...(error.limitBytes ? { limitBytes: error.limitBytes } : {}),
        issues: [{ field: error.field, message: error.message }],
      });
    }
    if (error instanceof DomainError) {
      return reply.status(STATUS[error.code] ?? 409).send({ message: error.message, code: error.code, ...error.details });
    }
    if (error instanceof InvalidArgumentError) {
      return reply.status(400).send({ message: error.message, code: 'invalid', issues: [{ field: error.field, message: error.message }] });
    }
    if (error instanceof WrongExpectedVersionError) {
      return reply.status(409).send({ message: 'Someone else changed this at the same time; please try again.', code: 'conflict' });
    }
    if (error instanceof StreamDeletedError) {
      return reply.status(410).send({ message: error.message, code: 'deleted' });
    }
    if (error instanceof UnavailableError) {
      request.log.error({ err: error }, 'event store unavailable');
      return reply.status(503).send({ message: 'The service is briefly unavailable; please try again.', code: 'unavailable' });
    }
    if (isTransientConnectionError(error) || isTransientConnectionError((error as { cause?: unknown }).cause)) {
      request.log.warn({ err: error }, 'database connection lost during the request');
      return reply
        .status(503)
        .header('retry-after', '2')
        .send({ message: 'The connection to the database was lost before this request finished. Please try again in a moment (a retry with the same Idempotency-Key is never applied twice).', code: 'database_unavailable' });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ message: error.message, code: error.code ?? 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong', code: 'internal' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' }),
  );
}
