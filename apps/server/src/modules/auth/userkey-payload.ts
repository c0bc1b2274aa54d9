import type { z } from 'zod';
import { openUserkey, UserkeyError } from '@recovery-desk/domain/userkey.ts';
import { AppError } from '../../http/app-error.ts';
import { invalidTextError } from '../../http/invalid-text.ts';
import { issueFields } from '../../http/zod-issues.ts';

/**
 * Opens the `userkey` envelope; anything malformed or undecryptable is a 400, never a 500, and so is a payload
 * holding text the database cannot store (a NUL character or a lone surrogate), named as `userkey.<field>`.
 */
export async function openUserkeyPayload(userkey: string, keyBase64: string): Promise<unknown> {
  let payload: unknown;
  try {
    payload = await openUserkey(userkey, keyBase64);
  } catch (error) {
    if (error instanceof UserkeyError) {
      throw new AppError('USERKEY_INVALID', `Invalid userkey: ${error.message}`);
    }
    throw error;
  }
  const invalid = invalidTextError(payload, 'userkey');
  if (invalid) throw invalid;
  return payload;
}

/** Parses the opened payload; problems are reported as fields under `userkey.` */
export function parseUserkeyPayload<T extends z.ZodType>(schema: T, payload: unknown): z.output<T> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const fields = issueFields(result.error.issues, 'userkey');
  const first = fields[0] ?? { field: 'userkey', message: 'is invalid' };
  throw new AppError('VALIDATION', `${first.field}: ${first.message}`, { fields });
}
