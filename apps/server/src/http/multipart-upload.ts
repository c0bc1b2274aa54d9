import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from './app-error.ts';
import { DOCUMENT_MAX_BYTES } from '../documents/document-types.ts';
import { invalidTextError } from './invalid-text.ts';

export type Upload = { file: { fileName: string; content: Buffer } | null; fields: Record<string, string> };

const MAX_MB = DOCUMENT_MAX_BYTES / (1024 * 1024);

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * Reads a multipart/form-data upload of one file (field `file`) and its text fields. Limits come from the
 * multipart plugin's registration; going over one is a 413 or 400 with a message, never a 500.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  let file: Upload['file'] = null;
  let stray: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'file' && !file) file = { fileName: part.filename, content };
        else stray = part.fieldname;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = codeOf(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_MB} MB.`);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw validationError('file', 'send one file and the fields documentName, category and remark');
    }
    throw error;
  }
  if (stray !== null) throw validationError(stray, 'send one file, in the field "file"');
  const invalid = invalidTextError(fields, '') ?? invalidTextError(file?.fileName ?? '', 'file');
  if (invalid) throw invalid;
  return { file, fields };
}
