import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import type { ProfileData, ProfileUnit } from '@recovery-desk/domain/profile.ts';
import { EMPTY_SESSION, type Session } from '../lib/session-store.ts';

export const BRANCH_UNIT: ProfileUnit = {
  id: 11,
  unit_code: 'BR-PUNE-01',
  name: 'Pune Camp Branch',
  level: 'BRANCH',
  app_data: {
    collapp: [
      { system_auth: 'TELECALLER_SAUTH', tabs: [{ name: 'Account', editable: false }] },
      {
        system_auth: 'TELECALLER_SAUTH',
        tabs: [
          { name: 'Account', editable: true },
          { name: 'Followup', editable: false },
        ],
      },
      { system_auth: 'SKIP_SAUTH', tabs: [] },
    ],
    legalapp: [{ system_auth: 'LEGAL_POOL_SAUTH', tabs: [{ name: 'Case History', editable: false }] }],
  },
};

export const ZONE_UNIT: ProfileUnit = {
  id: 2,
  unit_code: 'ZN-WEST',
  name: 'West Zone',
  level: 'ZONE',
  app_data: { repoapp: [{ system_auth: 'DASH_REPO_SAUTH', tabs: [] }] },
};

export const PROFILE: ProfileData = {
  business_date: '2025-11-03',
  available_app: [{ code: 'collapp', label_key: 'CollectionsApp', home_path: '/collapp' }],
  units: [BRANCH_UNIT, ZONE_UNIT],
  user_details: {
    id: 7,
    username: 'asha',
    full_name: 'Asha Rao',
    email: 'asha@example.test',
    is_demo_outbox_reader: false,
  },
  error_code: '0',
};

/** A signed-in session acting for the branch in the collections app. */
export function signedInSession(patch: Partial<Session> = {}): Session {
  return {
    ...EMPTY_SESSION,
    access: 'access-1',
    refresh: 'refresh-1',
    units: { '11': BRANCH_UNIT, '2': ZONE_UNIT },
    activeUnitData: BRANCH_UNIT,
    actingUnit: 11,
    activeApp: 'collapp',
    systemAuthorities: ['TELECALLER_SAUTH', 'SKIP_SAUTH'],
    businessDate: '2025-11-03',
    ...patch,
  };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** A background job as GET /api/jobs/:id answers it (DONE, 10 of 10, unless overridden). */
export function jobReply(overrides: Partial<Job> = {}): Job {
  return {
    id: 41,
    kind: 'legal.upload',
    status: 'DONE',
    userId: 7,
    username: 'legal.mumbai',
    userFullName: 'Meera Legal',
    unitId: 3,
    unitCode: 'RG-MUM',
    progressDone: 10,
    progressTotal: 10,
    attempts: 1,
    maxAttempts: 3,
    error: null,
    result: null,
    resultFileName: null,
    createdAt: '2026-03-31T09:15:00.000Z',
    startedAt: '2026-03-31T09:15:01.000Z',
    finishedAt: '2026-03-31T09:15:09.000Z',
    ...overrides,
  };
}
