// Uploaded documents are recognised by their first bytes, never by the name or the declared type.

export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

const SIGNATURES: { mimeType: string; extension: string; bytes: readonly number[] }[] = [
  { mimeType: 'application/pdf', extension: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { mimeType: 'image/png', extension: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mimeType: 'image/jpeg', extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
];

/** The document type of a file's content (PDF, PNG or JPEG), or null. */
export function sniffDocumentType(content: Uint8Array): { mimeType: string; extension: string } | null {
  const match = SIGNATURES.find((signature) => signature.bytes.every((byte, index) => content[index] === byte));
  return match ? { mimeType: match.mimeType, extension: match.extension } : null;
}

/** A file name safe for a Content-Disposition header: no path, no quotes or control characters, ASCII only. */
export function safeFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^A-Za-z0-9._ -]/g, '_')
    .replace(/^[.\s]+/, '')
    .slice(0, 120)
    .trim();
  return cleaned.length > 0 ? cleaned : fallback;
}
