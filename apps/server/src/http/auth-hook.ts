import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findPrincipal, type PrincipalRecord } from '../access/access.repository.ts';
import type { AppDeps } from '../deps.ts';
import { AppError, authorityMissing } from './app-error.ts';
import {
  describeAuth,
  requestLanguage,
  type RequestContext,
  type RouteAuth,
  type SessionUser,
} from './request-context.ts';

export const ACTING_UNIT_HEADER = 'x-acting-unit';

const NOT_SIGNED_IN = 'Authentication credentials were not provided.';
const SESSION_INVALID = 'Your session has ended or is invalid. Please sign in again.';

function bearerToken(header: string | undefined): string {
  if (!header) throw new AppError('UNAUTHENTICATED', NOT_SIGNED_IN);
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
  if (!match?.[1]) throw new AppError('UNAUTHENTICATED', SESSION_INVALID);
  return match[1];
}

function deny(request: FastifyRequest, auth: RouteAuth, error: AppError): AppError {
  request.log.warn(
    { event: 'access.denied', code: error.code, userId: request.ctx.user?.id, route: describeAuth(auth) },
    'access denied',
  );
  return error;
}

/** The acting unit the request names (`X-Acting-Unit`) as a unit id, or null when it names none. */
function actingUnitId(request: FastifyRequest): number | null {
  const raw = request.headers[ACTING_UNIT_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null;
}

type Authority = { app: string; code: string } | undefined;
type Refusal = 'session' | 'no-unit-chosen' | 'unit' | 'authority';

/**
 * Why `principal` may not make a request declared `declared` in unit `unitId` with `authority`, or null when it may:
 * the one rule the principal cache keeps answers by (only those with no refusal) and the hook enforces.
 */
function refusalOf(
  principal: PrincipalRecord | undefined,
  declared: Exclude<RouteAuth, 'public'>,
  unitId: number | null,
  authority: Authority,
): Refusal | null {
  if (!principal?.isActive || !principal.familyOpen) return 'session';
  if (declared === 'signedIn') return null;
  if (unitId === null) return 'no-unit-chosen';
  if (!principal.unit) return 'unit';
  if (authority && !principal.unit.hasAuthority) return 'authority';
  return null;
}

/**
 * Checks a protected request in one database round trip: the bearer token (signature, expiry), its user (active)
 * and session family (open), and, for routes that need one, the acting unit (one of the user's active units) and
 * the route's authority there. Fills `request.ctx.user` and `request.ctx.actingUnit`.
 */
async function authorize(deps: AppDeps, request: FastifyRequest, declared: Exclude<RouteAuth, 'public'>) {
  const claims = await deps.accessTokens.verify(bearerToken(request.headers.authorization));
  if (!claims) throw new AppError('UNAUTHENTICATED', SESSION_INVALID);
  const unitId = declared === 'signedIn' ? null : actingUnitId(request);
  const authority: Authority =
    typeof declared === 'object' ? { app: declared.app, code: declared.authority } : undefined;
  const principal = await deps.principals.principal(
    {
      userId: claims.userId,
      familyId: claims.familyId,
      unitId,
      app: authority?.app ?? '',
      authority: authority?.code ?? '',
    },
    () =>
      findPrincipal(deps.db, {
        userId: claims.userId,
        familyId: claims.familyId,
        now: deps.clock.now(),
        unit: unitId === null ? undefined : { id: unitId, authority },
      }),
    // only an answer that lets the request through is kept
    (found) => refusalOf(found, declared, unitId, authority) === null,
  );
  const refusal = refusalOf(principal, declared, unitId, authority);
  if (!principal || refusal === 'session') throw new AppError('UNAUTHENTICATED', SESSION_INVALID);
  const user: SessionUser = {
    id: principal.id,
    username: principal.username,
    email: principal.email,
    fullName: principal.fullName,
    familyId: claims.familyId,
  };
  request.ctx.user = user;
  // A missing or malformed unit header is refused once the session is known good (401 before 403).
  if (refusal === 'no-unit-chosen') {
    throw deny(request, declared, new AppError('UNIT_NOT_ALLOWED', 'Choose an acting unit (X-Acting-Unit header).'));
  }
  if (refusal === 'unit')
    throw deny(request, declared, new AppError('UNIT_NOT_ALLOWED', 'You cannot act in this unit.'));
  if (refusal === 'authority' && authority)
    throw deny(request, declared, authorityMissing(authority.code, authority.app));
  const unit = principal.unit;
  if (declared === 'signedIn' || !unit) return;
  request.ctx.actingUnit = { id: unit.id, code: unit.code, path: unit.path, hasChildren: unit.hasChildren };
  if (typeof declared === 'object') request.ctx.app = declared.app;
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
    const ctx: RequestContext = {
      requestId: request.id,
      ip: request.ip,
      user: null,
      actingUnit: null,
      app: null,
      language: requestLanguage(request.headers['accept-language']),
    };
    request.ctx = ctx;
    const declared = request.routeOptions.config.auth;
    if (declared === undefined || declared === 'public') return;
    await authorize(deps, request, declared);
  });
}
