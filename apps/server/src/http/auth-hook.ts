import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUserUnit } from '../access/access.repository.ts';
import type { AppDeps } from '../deps.ts';
import { findSessionUser } from '../modules/auth/session.repository.ts';
import { AppError } from './app-error.ts';
import { describeAuth, type RequestContext, type RouteAuth, type SessionUser } from './request-context.ts';

export const ACTING_UNIT_HEADER = 'x-acting-unit';

const NOT_SIGNED_IN = 'Authentication credentials were not provided.';
const SESSION_INVALID = 'Your session has ended or is invalid. Please sign in again.';

async function authenticate(deps: AppDeps, header: string | undefined): Promise<SessionUser> {
  const match = header ? /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim()) : null;
  if (!header) throw new AppError('UNAUTHENTICATED', NOT_SIGNED_IN, 401);
  if (!match?.[1]) throw new AppError('UNAUTHENTICATED', SESSION_INVALID, 401);
  const claims = await deps.accessTokens.verify(match[1]);
  if (!claims) throw new AppError('UNAUTHENTICATED', SESSION_INVALID, 401);
  const user = await findSessionUser(deps.db, claims.userId, claims.familyId, deps.clock.now());
  if (!user?.isActive || !user.familyOpen) throw new AppError('UNAUTHENTICATED', SESSION_INVALID, 401);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    fullName: user.fullName,
    familyId: claims.familyId,
  };
}

function deny(request: FastifyRequest, auth: RouteAuth, error: AppError): AppError {
  request.log.warn(
    { event: 'access.denied', code: error.code, userId: request.ctx.user?.id, route: describeAuth(auth) },
    'access denied',
  );
  return error;
}

async function resolveActingUnit(deps: AppDeps, request: FastifyRequest, auth: RouteAuth, user: SessionUser) {
  const raw = request.headers[ACTING_UNIT_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{1,9}$/.test(value.trim())) {
    throw deny(request, auth, new AppError('UNIT_NOT_ALLOWED', 'Choose an acting unit (X-Acting-Unit header).', 403));
  }
  const authority = typeof auth === 'object' ? { app: auth.app, code: auth.authority } : undefined;
  const unit = await findUserUnit(deps.db, { userId: user.id, unitId: Number(value.trim()), authority });
  if (!unit) {
    throw deny(request, auth, new AppError('UNIT_NOT_ALLOWED', 'You cannot act in this unit.', 403));
  }
  if (authority && !unit.hasAuthority) {
    throw deny(
      request,
      auth,
      new AppError('AUTHORITY_MISSING', `You do not hold ${authority.code} in this unit for ${authority.app}.`, 403),
    );
  }
  return { id: unit.id, code: unit.code, path: unit.path };
}

/**
 * Fills `request.ctx` for every request and enforces the route's declared `config.auth` before the body is
 * even parsed: bearer token (signature, expiry, open session family, active user), then the acting unit
 * and authority.
 */
export function registerAuthHook(app: FastifyInstance, deps: AppDeps): void {
  // Filled by the hook below before any handler runs; Fastify wants the decoration declared up front.
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const ctx: RequestContext = { requestId: request.id, ip: request.ip, user: null, actingUnit: null, app: null };
    request.ctx = ctx;
    const declared = request.routeOptions.config.auth;
    if (declared === undefined || declared === 'public') return;
    ctx.user = await authenticate(deps, request.headers.authorization);
    if (declared === 'signedIn') return;
    ctx.actingUnit = await resolveActingUnit(deps, request, declared, ctx.user);
    if (typeof declared === 'object') ctx.app = declared.app;
  });
}
