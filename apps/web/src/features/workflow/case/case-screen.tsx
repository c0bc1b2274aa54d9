import { Alert, Button, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import type { CaseView } from '@recovery-desk/domain/workflow/contracts.ts';
import { findStage } from '@recovery-desk/domain/workflow/definition.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HttpError } from '../../../lib/http-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { describeWorkflowError } from '../api/describe-error.ts';
import { fetchOpenCaseOfAccount } from '../api/workflow-api.ts';
import { tr } from '../labels.ts';
import { caseStarterOf, type CaseStarter } from '../screen-offers.ts';
import { widgetsOf, type StageWidget } from '../widgets.ts';
import { useCaseUpdated, useCaseView, useDefinition, retryServerErrors } from './case-queries.ts';
import { CaseHeader } from './case-header.tsx';
import { CaseWorkTab } from './case-work-tab.tsx';
import { ChecklistTab } from './checklist-tab.tsx';
import { HistoryTab } from './history-tab.tsx';

/** The case screen's own tabs; the widgets the case's stage names add theirs after Case. */
export const CASE_SCREEN_TABS = ['case', 'checklist', 'history'] as const;
export type CaseScreenTab = (typeof CASE_SCREEN_TABS)[number];

const TAB_KEYS = {
  case: 'WorkflowTabCase',
  checklist: 'WorkflowTabChecklist',
  history: 'WorkflowTabHistory',
} as const;

type WidgetTab = { name: string; tab: NonNullable<StageWidget['caseTab']> };

function Loading({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Stack gap={6} role="status" aria-live="polite" data-testid="case-loading">
        <span className="visually-hidden">{String(t('WorkflowLoadingCase'))}</span>
        <Skeleton height={120} radius="md" />
        <Skeleton height={36} radius="sm" />
        <Skeleton height={240} radius="md" />
      </Stack>
    </Stack>
  );
}

function LoadError({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Alert
        color="red"
        variant="outline"
        role="alert"
        title={String(t('WorkflowCaseLoadFailed'))}
        data-testid="case-error"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{message}</Text>
          {onRetry ? (
            <Button size="xs" onClick={onRetry}>
              {String(t('Retry'))}
            </Button>
          ) : null}
        </Stack>
      </Alert>
    </Stack>
  );
}

/** A detail route that names the account only (e.g. Initiate Legal): the account's open case of the workflow. */
export function CaseOfAccountScreen({
  definitionCode,
  accountId,
  title,
}: {
  definitionCode: string;
  accountId: string;
  title: string;
}) {
  const { t } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const query = useQuery({
    queryKey: ['workflow', 'accountCase', definitionCode, accountId, actingUnit],
    queryFn: ({ signal }) => fetchOpenCaseOfAccount(definitionCode, accountId, signal),
    retry: retryServerErrors,
  });
  if (query.isPending) return <Loading title={title} />;
  if (query.isError) {
    const isNotFound = query.error instanceof HttpError && query.error.status === 404;
    const starter = caseStarterOf(definitionCode);
    if (isNotFound && starter) {
      return <StartCase title={title} accountId={accountId} start={starter} onStarted={() => void query.refetch()} />;
    }
    return (
      <LoadError
        title={title}
        message={isNotFound ? String(t('WorkflowNoOpenCase')) : describeWorkflowError(t, query.error)}
        onRetry={isNotFound ? undefined : () => void query.refetch()}
      />
    );
  }
  return <CaseScreen caseId={query.data.caseId} title={title} />;
}

/**
 * An account with no open case of a workflow that starts on the account's own screen (repossession, SARFAESI): the
 * officer initiates it here (the server checks the initial stage's authority, the scope and that no case is open),
 * then the case screen opens.
 */
function StartCase({
  title,
  accountId,
  start,
  onStarted,
}: {
  title: string;
  accountId: string;
  start: CaseStarter;
  onStarted: () => void;
}) {
  const { t } = useTranslation();
  const started = useMutation({
    mutationFn: () => start(accountId),
    onSuccess: (reply) => {
      addToast({
        title: String(t('Done')),
        message: String(t('WorkflowCaseStarted', { caseNo: reply.caseNo })),
        type: 'success',
        from: 'workflow',
      });
      onStarted();
    },
  });
  return (
    <Stack gap="md" data-testid="start-case">
      <Title order={1} size="h3">
        {title}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{String(t('WorkflowNoOpenCaseStart'))}</Text>
          {started.isError ? (
            <Text size="sm" c="red.9" role="alert">
              {describeWorkflowError(t, started.error)}
            </Text>
          ) : null}
          <Button size="sm" loading={started.isPending} onClick={() => started.mutate()}>
            {String(t('WorkflowStartCase'))}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * The one case screen of every stage detail route: header, then the tabs Case (the stage form, dates and actions),
 * the tabs of the widgets the case's stage names (legal: Bounce Cheque Details), Document Checklist and Case
 * History. The active tab is in the address.
 */
export function CaseScreen({ caseId, title }: { caseId: number | string; title: string }) {
  const { t, i18n } = useTranslation();
  const query = useCaseView(caseId);
  const view = query.data;
  const definitionQuery = useDefinition(view?.case.definitionCode, view?.case.definitionVersion);
  const authorities = useSession((session) => session.systemAuthorities);
  const updated = useCaseUpdated();
  const [params, setParams] = useSearchParams();
  const [missingDocuments, setMissingDocuments] = useState<ReadonlySet<string>>(new Set());

  if (query.isPending || (view && definitionQuery.isPending)) return <Loading title={title} />;
  if (query.isError) {
    const isNotFound = query.error instanceof HttpError && query.error.status === 404;
    return (
      <LoadError
        title={title}
        message={isNotFound ? String(t('WorkflowCaseNotInScope')) : describeWorkflowError(t, query.error)}
        onRetry={isNotFound ? undefined : () => void query.refetch()}
      />
    );
  }
  if (definitionQuery.isError || !definitionQuery.data) {
    return (
      <LoadError
        title={title}
        message={describeWorkflowError(t, definitionQuery.error, undefined, i18n.language)}
        onRetry={() => void definitionQuery.refetch()}
      />
    );
  }

  const definition = definitionQuery.data;
  const caseView: CaseView = query.data;
  const stage = findStage(definition, caseView.case.stage);
  const canAct = !caseView.case.isClosed && stage !== undefined && authorities.includes(stage.authority);
  const widgetTabs: WidgetTab[] = widgetsOf(stage).flatMap(({ name, widget }) =>
    widget.caseTab ? [{ name, tab: widget.caseTab }] : [],
  );
  const tabs: string[] = ['case', ...widgetTabs.map((entry) => entry.name), 'checklist', 'history'];
  const requested = params.get('tab');
  const active = tabs.find((tab) => tab === requested) ?? 'case';
  const showTab = (tab: string) => {
    const next = new URLSearchParams(params);
    if (tab === 'case') next.delete('tab');
    else next.set('tab', tab);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const reload = () => void query.refetch();

  const tabLabel = (tab: string): string => {
    const widgetTab = widgetTabs.find((entry) => entry.name === tab);
    return widgetTab ? tr(t, widgetTab.tab.labelKey, widgetTab.name) : String(t(TAB_KEYS[tab as CaseScreenTab]));
  };

  const panel = (tab: string): ReactNode => {
    const widgetTab = widgetTabs.find((entry) => entry.name === tab);
    if (widgetTab) {
      const { Component } = widgetTab.tab;
      return <Component view={caseView} definition={definition} canAct={canAct} onReload={reload} />;
    }
    switch (tab as CaseScreenTab) {
      case 'case':
        return (
          <CaseWorkTab
            key={caseView.case.version}
            view={caseView}
            definition={definition}
            canAct={canAct}
            onUpdated={(next) => {
              setMissingDocuments(new Set());
              updated(next);
            }}
            onReload={reload}
            onDocumentsMissing={(codes) => {
              setMissingDocuments(new Set(codes));
              showTab('checklist');
            }}
          />
        );
      case 'checklist':
        return (
          <ChecklistTab
            view={caseView}
            definition={definition}
            canUpload={canAct}
            missing={missingDocuments}
            onUploaded={reload}
          />
        );
      case 'history':
        return <HistoryTab view={caseView} definition={definition} />;
    }
  };

  return (
    <Stack gap="md" data-testid="case-screen">
      <Title order={1}>{title}</Title>
      <CaseHeader view={caseView} definition={definition} />
      <Tabs value={active} onChange={(value) => value && showTab(value)}>
        <Tabs.List aria-label={String(t('WorkflowCaseScreenTabs'))}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab} data-testid={`case-screen-tab-${tab}`}>
              {tabLabel(tab)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            {tab === active ? panel(tab) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
