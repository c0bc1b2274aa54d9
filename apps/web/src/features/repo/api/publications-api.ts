import { z } from 'zod';
import {
  publicationsReplySchema,
  type PublicationInput,
  type PublicationsReply,
} from '@recovery-desk/domain/secured-assets/publications.ts';
import { apiClient } from '../../../lib/http-client.ts';
import { uploadCaseDocument } from '../../workflow/api/workflow-api.ts';

// The newspaper publications of a SARFAESI case (the publications widget), parsed by the shared contract; each
// paper's scan is a case document uploaded first under the reply's scan code, then named by the publication.

export const publicationKeys = {
  ofCase: (caseId: number) => ['repo', 'publications', caseId] as const,
};

/** What the upload's reply (the case view) says of its documents: the new scan is the newest under the code. */
const uploadedSchema = z.object({ documents: z.array(z.object({ documentId: z.number(), code: z.string() })) });

const url = (caseId: number) => `/api/secured-assets/cases/${caseId}/publications`;

export async function fetchPublications(caseId: number, signal?: AbortSignal): Promise<PublicationsReply> {
  return publicationsReplySchema.parse(await apiClient.get<unknown>(url(caseId), { signal }));
}

/** Uploads the scan under the scan code, then records the paper naming it. */
export async function addPublication(
  caseId: number,
  scanCode: string,
  file: File,
  input: Omit<PublicationInput, 'scanDocumentId'>,
): Promise<PublicationsReply> {
  const view = uploadedSchema.parse(
    await uploadCaseDocument(caseId, { file, code: scanCode, documentName: file.name, remark: '' }),
  );
  const scan = view.documents
    .filter((document) => document.code === scanCode)
    .reduce((newest, document) => (document.documentId > newest.documentId ? document : newest));
  return publicationsReplySchema.parse(
    await apiClient.post<unknown>(url(caseId), { ...input, scanDocumentId: scan.documentId }),
  );
}

export async function removePublication(caseId: number, publicationId: number): Promise<PublicationsReply> {
  return publicationsReplySchema.parse(await apiClient.request<unknown>('DELETE', `${url(caseId)}/${publicationId}`));
}
