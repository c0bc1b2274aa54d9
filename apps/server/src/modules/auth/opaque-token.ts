import { createHash, randomBytes } from 'node:crypto';

// Opaque secrets handed to the browser (refresh tokens, single sign-on grants): 32 random bytes,
// stored only as their SHA-256, so a copy of the database cannot be replayed.

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
