import type { RepoDashboard, RepoSettings } from '@recovery-desk/domain/repo/contracts.ts';
import { NO_RECOVERIES, type RecoveryFigures } from '@recovery-desk/domain/repo/recoveries.ts';
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
  return {
    businessDate: '2026-04-10',
    workflows: [repo, workflowOf(SARFAESI_DEFINITION)],
    recoveries: {
      monthStart: '2026-04-01',
      yearStart: '2026-04-01',
      workflows: [
        { code: 'REPOSSESSION', closureStage: 'Closure', currencies: [] },
        { code: 'SARFAESI', closureStage: 'SarfClosure', currencies: [] },
      ],
    },
  };
}

const figures = (patch: Partial<RecoveryFigures>): RecoveryFigures => ({ ...NO_RECOVERIES, ...patch });

/**
 * The dashboard with recoveries: repossession closed 2 cases in the financial year (1 this month, the user holds the
 * Closure authority), SARFAESI 1 case last year (its closing stage is not the user's).
 */
export function repoDashboardWithRecoveries(): RepoDashboard {
  const reply = repoDashboardReply();
  const repo = reply.workflows[0]!;
  repo.stages = repo.stages.map((stage) => (stage.stage === 'Closure' ? { ...stage, canOpen: true } : stage));
  const month = figures({
    closedCases: 1,
    soldCases: 1,
    proceedsMinor: '39500000',
    expensesMinor: '1850000',
    appliedMinor: '31275075',
    surplusMinor: '6374925',
    refundDueMinor: '6374925',
    refundsDue: 1,
  });
  const year = figures({
    closedCases: 2,
    soldCases: 2,
    proceedsMinor: '79000000',
    expensesMinor: '3700000',
    appliedMinor: '68925075',
    shortfallMinor: '13625075',
    surplusMinor: '6374925',
    refundDueMinor: '6374925',
    refundsDue: 1,
  });
  const sarfaesi = figures({
    closedCases: 1,
    soldCases: 1,
    proceedsMinor: '395000000',
    expensesMinor: '4500000',
    appliedMinor: '301275075',
    surplusMinor: '89224925',
    refundPaidMinor: '89224925',
    refundsPaid: 1,
  });
  reply.recoveries.workflows = [
    {
      code: 'REPOSSESSION',
      closureStage: 'Closure',
      currencies: [{ currency: 'INR', month, yearToDate: year, allTime: year }],
    },
    {
      code: 'SARFAESI',
      closureStage: 'SarfClosure',
      currencies: [{ currency: 'INR', month: NO_RECOVERIES, yearToDate: NO_RECOVERIES, allTime: sarfaesi }],
    },
  ];
  return reply;
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
