import {
  inventoryReplySchema,
  type InventoryInput,
  type InventoryReply,
} from '@recovery-desk/domain/secured-assets/inventory.ts';
import { apiClient } from '../../../lib/http-client.ts';
import { uploadCaseDocument } from '../../workflow/api/workflow-api.ts';

// The asset detail and inventory of a repossession or SARFAESI case (the assetInventory widget), parsed by the shared
// contract; its photos are case documents uploaded under the reply's photo code.

export const inventoryKeys = {
  ofCase: (caseId: number) => ['repo', 'inventory', caseId] as const,
};

const url = (caseId: number) => `/api/secured-assets/cases/${caseId}/inventory`;

export async function fetchInventory(caseId: number, signal?: AbortSignal): Promise<InventoryReply> {
  return inventoryReplySchema.parse(await apiClient.get<unknown>(url(caseId), { signal }));
}

export async function saveInventory(caseId: number, input: InventoryInput): Promise<InventoryReply> {
  return inventoryReplySchema.parse(await apiClient.request<unknown>('PUT', url(caseId), { body: input }));
}

export async function uploadInventoryPhoto(caseId: number, code: string, file: File): Promise<void> {
  await uploadCaseDocument(caseId, { file, code, documentName: file.name, remark: '' });
}
