import type { FastifyReply } from 'fastify';
import { safeFileName } from '../documents/document-types.ts';

/** A file a route answers with: an export, a generated letter, a stored document. */
export type FileReply = {
  contentType: string;
  fileName: string;
  body: Buffer | Uint8Array | string;
};

/**
 * Answers with a file to save (`attachment`, the default) or to show (`inline`). The name in the header is always
 * made safe (`safeFileName`: no path, no quotes or control characters), whoever chose it: an uploaded file's own name
 * included.
 */
export function sendFile(
  reply: FastifyReply,
  file: FileReply,
  options: { disposition?: 'attachment' | 'inline'; fallbackName?: string } = {},
): FastifyReply {
  const name = safeFileName(file.fileName, options.fallbackName ?? 'file');
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `${options.disposition ?? 'attachment'}; filename="${name}"`)
    .send(typeof file.body === 'string' || Buffer.isBuffer(file.body) ? file.body : Buffer.from(file.body));
}
