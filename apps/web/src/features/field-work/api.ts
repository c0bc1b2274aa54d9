import {
  delegatesReplySchema,
  heatMapReplySchema,
  pvrCaseDetailSchema,
  pvrTrayPageSchema,
  teamPlansReplySchema,
  workPlanReplySchema,
  type AddVisitInput,
  type CaptureInput,
  type DelegateInput,
  type DelegatesReply,
  type HeatMapReply,
  type OpenPvrInput,
  type PvrCaseDetail,
  type PvrTrayPage,
  type ReviewInput,
  type TeamPlansReply,
  type VisitStatusInput,
  type WorkPlanReply,
} from '@recovery-desk/domain/field/contracts.ts';
import { apiClient } from '../../lib/http-client.ts';

// Field work: the work plan (/api/field/…) and PVR cases (/api/pvr/…).

export const fieldKeys = {
  all: () => ['field'] as const,
  plan: (unit: number | null, date: string, userId: string) => ['field', 'plan', unit, date, userId] as const,
  team: (unit: number | null, date: string) => ['field', 'team', unit, date] as const,
  tray: (unit: number | null, query: string) => ['field', 'pvr-tray', unit, query] as const,
  pvrCase: (unit: number | null, id: string) => ['field', 'pvr-case', unit, id] as const,
  delegates: (unit: number | null) => ['field', 'delegates', unit] as const,
  heat: (unit: number | null, query: string) => ['field', 'heat', unit, query] as const,
};

const plan = async (promise: Promise<unknown>): Promise<WorkPlanReply> => workPlanReplySchema.parse(await promise);
const pvr = async (promise: Promise<unknown>): Promise<PvrCaseDetail> => pvrCaseDetailSchema.parse(await promise);

export async function fetchWorkPlan(date: string, userId: string, signal?: AbortSignal): Promise<WorkPlanReply> {
  const query = new URLSearchParams(date ? { date } : {});
  if (userId) query.set('userId', userId);
  return plan(apiClient.get<unknown>(`/api/field/work-plan?${query}`, { signal }));
}

export async function fetchTeamPlans(date: string, signal?: AbortSignal): Promise<TeamPlansReply> {
  const query = new URLSearchParams(date ? { date } : {});
  return teamPlansReplySchema.parse(await apiClient.get<unknown>(`/api/field/work-plans/team?${query}`, { signal }));
}

export const addVisit = (input: AddVisitInput) => plan(apiClient.post<unknown>('/api/field/work-plan/visits', input));
export const removeVisit = (visitId: number) =>
  plan(apiClient.request<unknown>('DELETE', `/api/field/work-plan/visits/${visitId}`));
export const markVisit = (visitId: number, input: VisitStatusInput) =>
  plan(apiClient.post<unknown>(`/api/field/work-plan/visits/${visitId}/status`, input));
export const reorderPlan = (planId: number, visitIds: number[], version: number) =>
  plan(apiClient.request<unknown>('PUT', `/api/field/work-plans/${planId}/order`, { body: { visitIds, version } }));
export const optimisePlan = (planId: number, version: number) =>
  plan(apiClient.post<unknown>(`/api/field/work-plans/${planId}/optimise`, { version }));

export async function fetchPvrTray(query: URLSearchParams, signal?: AbortSignal): Promise<PvrTrayPage> {
  return pvrTrayPageSchema.parse(await apiClient.get<unknown>(`/api/pvr/cases?${query}`, { signal }));
}
export async function fetchPvrCase(id: string, accountId: string, signal?: AbortSignal): Promise<PvrCaseDetail> {
  const query = accountId ? `?${new URLSearchParams({ accountId })}` : '';
  return pvr(apiClient.get<unknown>(`/api/pvr/cases/${id}${query}`, { signal }));
}
export async function fetchDelegates(signal?: AbortSignal): Promise<DelegatesReply> {
  return delegatesReplySchema.parse(await apiClient.get<unknown>('/api/pvr/delegates', { signal }));
}
export async function fetchHeatMap(query: URLSearchParams, signal?: AbortSignal): Promise<HeatMapReply> {
  return heatMapReplySchema.parse(await apiClient.get<unknown>(`/api/pvr/heat-map?${query}`, { signal }));
}
export const openPvrCase = (input: OpenPvrInput) => pvr(apiClient.post<unknown>('/api/pvr/cases', input));
export const delegatePvrCase = (id: number, input: DelegateInput) =>
  pvr(apiClient.post<unknown>(`/api/pvr/cases/${id}/delegate`, input));
export const capturePvrVisit = (id: number, input: CaptureInput) =>
  pvr(apiClient.post<unknown>(`/api/pvr/cases/${id}/visit`, input));
export const reviewPvrCase = (id: number, input: ReviewInput) =>
  pvr(apiClient.post<unknown>(`/api/pvr/cases/${id}/review`, input));
export function uploadPvrPhoto(id: number, file: File): Promise<PvrCaseDetail> {
  const body = new FormData();
  body.set('file', file);
  return pvr(apiClient.postForm<unknown>(`/api/pvr/cases/${id}/photos`, body));
}
/** A photo of the visit (with the caller's token: an <img> cannot send it), as a blob. */
export async function fetchPvrPhoto(caseId: number, documentId: number): Promise<Blob> {
  return (await apiClient.download(`/api/pvr/cases/${caseId}/photos/${documentId}`)).blob;
}
