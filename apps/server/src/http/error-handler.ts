import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { languageFromHeader } from '@recovery-desk/i18n/language-codes.ts';
import { authorityLabel } from '@recovery-desk/i18n/authority-labels.ts';
import { errorDetail, fieldMessage, STATUS_DETAIL_KEYS } from '@recovery-desk/i18n/server-messages.ts';
import { translator, type Params, type Translator } from '@recovery-desk/i18n/translator.ts';
import { dayStartRefusal } from '../db/day-start-guard.ts';
import { AppError, type ErrorCode, type FieldError } from './app-error.ts';
import type { ReplyStyle } from './request-context.ts';
import { issueMessage } from './zod-issues.ts';

// The one place where errors become HTTP replies. Replies never carry stack traces, SQL or driver text:
// unknown errors answer 500 with a generic message and the request id, and are logged in full.
// Language: a `detail` reply is in the request's language (Accept-Language, whitelisted; see request-context.ts):
// English keeps each refusal's exact text, other languages word the code from the dictionaries
// (@recovery-desk/i18n/server-messages.ts) and translate the field messages of the input rules. Message-style replies
// (`error_msg`, the sign-in calls of spec §7) keep the spec's English words.

type ErrorBody = Record<string, unknown>;

function body(style: ReplyStyle, code: ErrorCode, message: string, extra: ErrorBody = {}): ErrorBody {
  return style === 'message'
    ? { error_code: code, error_msg: message, ...extra }
    : { detail: message, error_code: code, ...extra };
}

function styleOf(request: FastifyRequest): ReplyStyle {
  return request.routeOptions.config?.replyStyle ?? 'detail';
}

/** The translator of a reply: the request's language for `detail` replies, English for message-style ones. */
function translatorFor(request: FastifyRequest, style: ReplyStyle): Translator {
  if (style === 'message') return translator('en');
  // The auth hook fills ctx.language; a request refused before it ran still has its header.
  return translator(request.ctx?.language ?? languageFromHeader(request.headers['accept-language']));
}

function detailOf(translate: Translator, code: ErrorCode, english: string, params: Params = {}): string {
  return errorDetail(translate, code, english, params);
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

function sendValidation(
  reply: FastifyReply,
  style: ReplyStyle,
  englishFields: FieldError[],
  translate: Translator,
): FastifyReply {
  const fields = englishFields.map((field) => ({ ...field, message: fieldMessage(translate, field.message) }));
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
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    // A write refused by the day start guard (a database error) is a 409 with its message (db/day-start-guard.ts).
    const error = (dayStartRefusal(thrown) ?? thrown) as FastifyError;
    const style = styleOf(request);
    const translate = translatorFor(request, style);

    if (error instanceof AppError) {
      const level = error.httpStatus >= 500 ? 'error' : 'info';
      request.log[level]({ event: 'request.rejected', code: error.code, err: error.cause }, error.code);
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.code === 'VALIDATION' && error.fields) {
        return sendValidation(reply, style, error.fields, translate);
      }
      // Other refusals that concern fields (e.g. DOCUMENT_MISSING naming `documents.<code>`) carry them too.
      const fields = error.fields
        ? { fields: error.fields.map((field) => ({ ...field, message: fieldMessage(translate, field.message) })) }
        : {};
      const authority = error.code === 'AUTHORITY_MISSING' ? error.extra?.authority : undefined;
      const detail = detailOf(translate, error.code, error.message, {
        count: error.retryAfterSeconds ?? error.extra?.retry_after,
        // A missing authority is named by its screen in the reply's language (authority-labels.ts).
        screen:
          typeof authority === 'string'
            ? authorityLabel(authority, translate.tr, typeof error.extra?.app === 'string' ? error.extra.app : null)
            : undefined,
      });
      return reply.code(error.httpStatus).send(body(style, error.code, detail, { ...error.extra, ...fields }));
    }

    if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(error.validation)) {
      const fields = validationFields(error);
      request.log.info({ event: 'request.invalid', fields }, 'validation failed');
      return sendValidation(reply, style, fields, translate);
    }

    const status = error.statusCode ?? 500;
    const known = CLIENT_ERRORS[status];
    if (status >= 400 && status < 500) {
      request.log.info({ event: 'request.rejected', fastifyCode: error.code, status }, 'client error');
      const fallback = { code: 'BAD_REQUEST' as const, message: 'Bad request' };
      const { code, message } = known ?? fallback;
      const key = STATUS_DETAIL_KEYS[status];
      const detail = translate.language === 'en' || !key || !known ? message : translate.t(key);
      return reply.code(status).send(body(style, code, detail));
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(
      body(
        style,
        'INTERNAL',
        detailOf(
          translate,
          'INTERNAL',
          `Something went wrong on our side. Quote request id ${request.id} to support.`,
          {
            requestId: request.id,
          },
        ),
        { request_id: request.id },
      ),
    );
  });
}

export function registerNotFoundHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const translate = translatorFor(request, 'detail');
    const english = `There is no ${request.method} endpoint at this path.`;
    const detail =
      translate.language === 'en' ? english : translate.t('ErrorDetailNoEndpoint', { method: request.method });
    return reply.code(404).send(body('detail', 'NOT_FOUND', detail));
  });
}

/** Malformed URLs and headers are refused before routing; they get the API's error shape too. */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ event: 'request.rejected', fastifyCode: error.code }, 'malformed request');
  void reply
    .code(400)
    .header('x-request-id', request.id)
    .send(body('detail', 'BAD_REQUEST', translatorFor(request, 'detail').t('ErrorDetailMalformed')));
}
