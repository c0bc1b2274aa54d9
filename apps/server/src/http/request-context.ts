import type { AppCode } from '@recovery-desk/domain/apps.ts';
import type { AuthorityCode } from '@recovery-desk/domain/authorities.ts';
import { DEFAULT_LANGUAGE, languageFromHeader, type Language } from '@recovery-desk/i18n/language-codes.ts';
import { translator, type Translator } from '@recovery-desk/i18n/translator.ts';
import { AppError } from './app-error.ts';

/**
 * What every route declares in `config.auth`:
 * - 'public': anyone;
 * - 'signedIn': a valid access token;
 * - 'actingUnit': signed in, and the `X-Acting-Unit` header names one of the user's units;
 * - { app, authority }: as 'actingUnit', and the unit holds the authority for that app.
 */
export type RouteAuth = 'public' | 'signedIn' | 'actingUnit' | { app: AppCode; authority: AuthorityCode };

/** How error replies of a route are shaped: `{error_code, detail}` (default) or `{error_code, error_msg}`. */
export type ReplyStyle = 'detail' | 'message';

declare module 'fastify' {
  // Fastify's route config is an interface; declaration merging needs one.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    auth?: RouteAuth;
    replyStyle?: ReplyStyle;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

export type SessionUser = { id: number; username: string; email: string; fullName: string; familyId: string };
export type ActingUnit = {
  id: number;
  code: string;
  path: string;
  /** units lie below it: its Team View spans a subtree (a leaf unit's rows match its path exactly) */
  hasChildren: boolean;
};

export type RequestContext = {
  requestId: string;
  ip: string;
  user: SessionUser | null;
  actingUnit: ActingUnit | null;
  /** the app of the route's declared authority */
  app: AppCode | null;
  /**
   * The user's interface language: the web sends its `language` setting as `Accept-Language` on every request;
   * only en, hi, ar and de are taken, anything else is English. Contexts made outside a request (jobs, seeds) may
   * leave it out: English.
   */
  language?: Language;
};

export type SignedInContext = RequestContext & { user: SessionUser };
export type UnitContext = SignedInContext & { actingUnit: ActingUnit };

/** The context of a route declared 'signedIn' or stricter (the auth hook has filled the user). */
export function signedInContext(ctx: RequestContext): SignedInContext {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', 'Authentication credentials were not provided.');
  return { ...ctx, user: ctx.user };
}

/** The context of a route declared 'actingUnit' or with an authority. */
export function unitContext(ctx: RequestContext): UnitContext {
  const signedIn = signedInContext(ctx);
  if (!signedIn.actingUnit) throw new AppError('UNIT_NOT_ALLOWED', 'Choose an acting unit first.');
  return { ...signedIn, actingUnit: signedIn.actingUnit };
}

/** The language of a request's header (whitelisted, English by default). */
export function requestLanguage(acceptLanguage: string | string[] | undefined): Language {
  return languageFromHeader(acceptLanguage);
}

/** The translator of the context's language (English when the context has none). */
export function translatorOf(ctx: Pick<RequestContext, 'language'> | null | undefined): Translator {
  return translator(ctx?.language ?? DEFAULT_LANGUAGE);
}

export function describeAuth(auth: RouteAuth): string {
  return typeof auth === 'string' ? auth : `${auth.app}:${auth.authority}`;
}
