import type { RepoDashboard, RepoSettings } from '@recovery-desk/domain/repo/contracts.ts';
import type { WorkflowDashboard } from '@recovery-desk/domain/workflow/dashboard-contracts.ts';
import { DEFAULT_REPOSSESSION_TIMELINES } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import { REPOSSESSION_DEFINITION } from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import {
  DEFAULT_SARFAESI_TIMELINES,
  SARFAESI_DEFINITION,
} from '@recovery-desk/domain/workflow/definitions/sarfaesi.ts';
import type { Session } from '../../../lib/session-store.ts';
import { legalSession } from '../../legal/test/legal-fixtures.ts';

// Replies of the repossession app's API as the shared contract describes them, for screen tests.

export function repoSession(patch: Partial<Session> = {}): Session {
  return legalSession({
    activeApp: 'repoapp',
    systemAuthorities: ['DASH_REPO_SAUTH', 'REPO_SETTINGS_SAUTH', 'REPO_INITIATE_SAUTH'],
    ...patch,
  });
}

const ZERO = { upTo7: 0, upTo30: 0, upTo90: 0, over90: 0 };

function workflowOf(definition: typeof REPOSSESSION_DEFINITION): WorkflowDashboard {
  return {
    code: definition.code,
    labelKey: definition.labelKey,
    version: 1,
    stages: definition.stages.map((stage) => ({
      stage: stage.code,
      labelKey: stage.labelKey,
      routeSlug: stage.routeSlug,
      canOpen: false,
      open: 0,
      pendingApproval: 0,
      pushback: 0,
      rejected: 0,
      overdue: 0,
      ageing: { ...ZERO },
    })),
    totals: { open: 0, overdue: 0, closedThisMonth: 0 },
    overdueCases: [],
  };
}

/** Repossession: 3 cases at initiation (the user's stage), 2 at its approval (one overdue); SARFAESI: none. */
export function repoDashboardReply(): RepoDashboard {
  const repo = workflowOf(REPOSSESSION_DEFINITION);
  repo.stages[0] = {
    ...repo.stages[0]!,
    canOpen: true,
    open: 3,
    pendingApproval: 2,
    pushback: 1,
    ageing: { upTo7: 2, upTo30: 1, upTo90: 0, over90: 0 },
  };
  repo.stages[1] = { ...repo.stages[1]!, open: 2, pendingApproval: 2, overdue: 1, ageing: { ...ZERO, upTo30: 2 } };
  repo.totals = { open: 5, overdue: 1, closedThisMonth: 2 };
  repo.overdueCases = [
    {
      caseId: 41,
      caseNo: 'REP/2026/000041',
      accountId: 541,
      accountNo: 'AUTO0000541',
      customerName: 'Sunil Jadhav',
      stage: 'RepoInitiateApproval',
      stageLabelKey: repo.stages[1]!.labelKey,
      routeSlug: 'repoRepoInitiateApproval',
      dueOn: '2026-04-03',
      daysOverdue: 7,
      rules: [{ name: 'REPO_INITIATE_APPROVAL_SLA', label: 'Initiation decision due', labelKey: 'ApprovalSlaDue' }],
    },
  ];
  return { businessDate: '2026-04-10', workflows: [repo, workflowOf(SARFAESI_DEFINITION)] };
}

export function repoSettingsReply(patch: { repoVersion?: number; repoDefinitionVersion?: number } = {}): RepoSettings {
  return {
    workflows: [
      {
        code: 'REPOSSESSION',
        labelKey: 'RepoSettingsRepossession',
        timelines: DEFAULT_REPOSSESSION_TIMELINES,
        definitionVersion: patch.repoDefinitionVersion ?? 1,
        version: patch.repoVersion ?? 0,
      },
      {
        code: 'SARFAESI',
        labelKey: 'RepoSettingsSarfaesi',
        timelines: DEFAULT_SARFAESI_TIMELINES,
        definitionVersion: 1,
        version: 0,
      },
    ],
  };
}
