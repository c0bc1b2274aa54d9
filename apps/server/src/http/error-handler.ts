import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode, type FieldError } from './app-error.ts';
import type { ReplyStyle } from './request-context.ts';
import { issueMessage } from './zod-issues.ts';

// The one place where errors become HTTP replies. Replies never carry stack traces, SQL or driver text:
// unknown errors answer 500 with a generic message and the request id, and are logged in full.

type ErrorBody = Record<string, unknown>;

function body(style: ReplyStyle, code: ErrorCode, message: string, extra: ErrorBody = {}): ErrorBody {
  return style === 'message'
    ? { error_code: code, error_msg: message, ...extra }
    : { detail: message, error_code: code, ...extra };
}

function styleOf(request: FastifyRequest): ReplyStyle {
  return request.routeOptions.config?.replyStyle ?? 'detail';
}

type ValidationIssue = { instancePath?: string; message?: string; keyword?: string };

function fieldName(context: string | undefined, instancePath: string | undefined): string {
  const path = (instancePath ?? '').split('/').filter(Boolean).join('.');
  if (path) return path;
  return context === 'body' || context === undefined ? 'body' : context;
}

function validationFields(error: FastifyError): FieldError[] {
  const issues: ValidationIssue[] = error.validation ?? [];
  return issues.map((issue) => ({
    field: fieldName(error.validationContext, issue.instancePath),
    message: issueMessage({ message: issue.message ?? 'is invalid', code: issue.keyword }),
  }));
}

function sendValidation(reply: FastifyReply, style: ReplyStyle, fields: FieldError[]): FastifyReply {
  const first = fields[0] ?? { field: 'body', message: 'is invalid' };
  const detail = `${first.field}: ${first.message}`;
  // Validation replies always carry `detail` (and `error_msg` on message-style routes) plus every field.
  const reply400: ErrorBody = { error_code: 'VALIDATION', detail, fields };
  if (style === 'message') reply400.error_msg = detail;
  return reply.code(400).send(reply400);
}

const CLIENT_ERRORS: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'BAD_REQUEST', message: 'The request could not be read (send a JSON body).' },
  404: { code: 'NOT_FOUND', message: 'Not found' },
  405: { code: 'BAD_REQUEST', message: 'Method not allowed' },
  406: { code: 'BAD_REQUEST', message: 'Not acceptable' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json.' },
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const style = styleOf(request);

    if (error instanceof AppError) {
      const level = error.httpStatus >= 500 ? 'error' : 'info';
      request.log[level]({ event: 'request.rejected', code: error.code, err: error.cause }, error.code);
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.code === 'VALIDATION' && error.fields) return sendValidation(reply, style, error.fields);
      // Other refusals that concern fields (e.g. DOCUMENT_MISSING naming `documents.<code>`) carry them too.
      const fields = error.fields ? { fields: error.fields } : {};
      return reply.code(error.httpStatus).send(body(style, error.code, error.message, { ...error.extra, ...fields }));
    }

    if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(error.validation)) {
      const fields = validationFields(error);
      request.log.info({ event: 'request.invalid', fields }, 'validation failed');
      return sendValidation(reply, style, fields);
    }

    const status = error.statusCode ?? 500;
    const known = CLIENT_ERRORS[status];
    if (status >= 400 && status < 500) {
      request.log.info({ event: 'request.rejected', fastifyCode: error.code, status }, 'client error');
      const fallback = { code: 'BAD_REQUEST' as const, message: 'Bad request' };
      const { code, message } = known ?? fallback;
      return reply.code(status).send(body(style, code, message));
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(
      body(style, 'INTERNAL', `Something went wrong on our side. Quote request id ${request.id} to support.`, {
        request_id: request.id,
      }),
    );
  });
}

export function registerNotFoundHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(body('detail', 'NOT_FOUND', `There is no ${request.method} endpoint at this path.`)),
  );
}

/** Malformed URLs and headers are refused before routing; they get the API's error shape too. */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ event: 'request.rejected', fastifyCode: error.code }, 'malformed request');
  void reply
    .code(400)
    .header('x-request-id', request.id)
    .send(body('detail', 'BAD_REQUEST', 'The request URL or headers are malformed.'));
}
