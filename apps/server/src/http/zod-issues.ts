import type { FieldError } from './app-error.ts';

type IssueLike = { message: string; code?: string; path?: readonly PropertyKey[] };

/** A zod issue message as users read it: a missing value says 'This field is required' (spec §5). */
export function issueMessage(issue: IssueLike): string {
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return 'This field is required';
  return issue.message;
}

/** Field errors of zod issues, the field named by its dotted path under `prefix`. */
export function issueFields(issues: readonly IssueLike[], prefix: string): FieldError[] {
  return issues.map((issue) => {
    const parts = [prefix, ...(issue.path ?? []).map(String)].filter(Boolean);
    return { field: parts.join('.') || 'body', message: issueMessage(issue) };
  });
}
