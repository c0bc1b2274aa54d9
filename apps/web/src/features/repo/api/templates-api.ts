import {
  securedTemplatesReplySchema,
  type SecuredTemplatePreviewInput,
  type SecuredTemplatesReply,
} from '@recovery-desk/domain/secured-assets/document-templates.ts';
import { apiClient, type DownloadedFile } from '../../../lib/http-client.ts';

// The repossession and SARFAESI document templates (Repossession Settings → Templates, REPO_SETTINGS_SAUTH).

export const templateKeys = {
  all: (actingUnit: number | null) => ['repo', 'templates', actingUnit] as const,
};

export type SecuredTemplateInput = { kind: SecuredTemplatePreviewInput['kind']; title: string; body: string };

export async function fetchSecuredTemplates(signal?: AbortSignal): Promise<SecuredTemplatesReply> {
  return securedTemplatesReplySchema.parse(await apiClient.get<unknown>('/api/secured-assets/templates', { signal }));
}

/** Replaces the listed templates; the built-in text sent back makes a template built-in again. */
export async function saveSecuredTemplates(templates: SecuredTemplateInput[]): Promise<SecuredTemplatesReply> {
  const reply = await apiClient.request<unknown>('PUT', '/api/secured-assets/templates', { body: { templates } });
  return securedTemplatesReplySchema.parse(reply);
}

/** A draft rendered by the server as the PDF a case would get, with sample values (nothing is saved). */
export async function downloadTemplatePreview(template: SecuredTemplateInput): Promise<DownloadedFile> {
  return apiClient.download('/api/secured-assets/templates/preview', { body: template });
}
