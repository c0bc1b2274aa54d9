import type { z } from 'zod';
import { openUserkey, UserkeyError } from '@recovery-desk/domain/userkey.ts';
import { AppError } from '../../http/app-error.ts';
import { issueFields } from '../../http/zod-issues.ts';

/** Opens the `userkey` envelope; anything malformed or undecryptable is a 400, never a 500. */
export async function openUserkeyPayload(userkey: string, keyBase64: string): Promise<unknown> {
  try {
    return await openUserkey(userkey, keyBase64);
  } catch (error) {
    if (error instanceof UserkeyError) {
      throw new AppError('USERKEY_INVALID', `Invalid userkey: ${error.message}`);
    }
    throw error;
  }
}

/** Parses the opened payload; problems are reported as fields under `userkey.` */
export function parseUserkeyPayload<T extends z.ZodType>(schema: T, payload: unknown): z.output<T> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const fields = issueFields(result.error.issues, 'userkey');
  const first = fields[0] ?? { field: 'userkey', message: 'is invalid' };
  throw new AppError('VALIDATION', `${first.field}: ${first.message}`, { fields });
}
