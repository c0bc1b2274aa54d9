// The `userkey` envelope of spec §7: one field carrying the JSON payload, sealed with AES-256-GCM
// (random 96-bit IV, deployment-configured key). This is obfuscation of the payload in transit
// logs and browser tools, not a security boundary: TLS and the server's controls are.
// Works with WebCrypto in both the browser and Node.

const IV_BYTES = 12;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export class UserkeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserkeyError';
  }
}

async function importKey(keyBase64: string): ReturnType<typeof crypto.subtle.importKey> {
  const raw = fromBase64(keyBase64);
  if (raw.length !== 32) throw new UserkeyError('The userkey key must be 32 bytes (base64).');
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function sealUserkey(payload: unknown, keyBase64: string): Promise<string> {
  const key = await importKey(keyBase64);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(payload));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
  const sealed = new Uint8Array(IV_BYTES + cipher.length);
  sealed.set(iv, 0);
  sealed.set(cipher, IV_BYTES);
  return toBase64(sealed);
}

/** Opens a userkey; throws UserkeyError for anything malformed or undecryptable. */
export async function openUserkey(userkey: string, keyBase64: string): Promise<unknown> {
  let sealed: Uint8Array<ArrayBuffer>;
  try {
    sealed = fromBase64(userkey);
  } catch {
    throw new UserkeyError('userkey is not valid base64.');
  }
  if (sealed.length < IV_BYTES + 16 + 2) throw new UserkeyError('userkey is too short.');
  const key = await importKey(keyBase64);
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: sealed.slice(0, IV_BYTES) },
      key,
      sealed.slice(IV_BYTES),
    );
  } catch {
    throw new UserkeyError('userkey could not be decrypted.');
  }
  try {
    return JSON.parse(new TextDecoder().decode(plain));
  } catch {
    throw new UserkeyError('userkey does not hold JSON.');
  }
}
