import { Alert, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { REPO_WORKFLOW_CODES, type RepoWorkflowCode } from '@recovery-desk/domain/repo/contracts.ts';
import type { RepoCaseExportQuery } from '@recovery-desk/domain/repo/uploads.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { useSession } from '../../../lib/session-store.ts';
import { describeLegalError } from '../../legal/api/describe-legal-error.ts';
import { LoadError, LoadingBlock } from '../../legal/components/load-state.tsx';
import { useRouteTitle } from '../../legal/components/screen-helpers.ts';
import { fetchRepoDashboard, repoKeys } from '../api/repo-api.ts';
import { exportRepoCases } from '../api/uploads-api.ts';

// /Repoapp/DownloadRepo (DASH_REPO_SAUTH) — File Download: the cases of a workflow in the acting unit's subtree, of
// one stage or all, open, closed or both, opened within a date range, as XLSX with a column per case field. A large
// selection runs as a background job whose progress shows here, then its file downloads. The workflows and their
// stages come from the dashboard the same authority reads.

const FROM = 'repoapp/DownloadRepo';
type State = '' | 'OPEN' | 'CLOSED';

export function RepoDownloadPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('downloadRepo');
  const actingUnit = useSession((session) => session.actingUnit);
  const [code, setCode] = useState<RepoWorkflowCode>('REPOSSESSION');
  const [stage, setStage] = useState('');
  const [state, setState] = useState<State>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const dashboard = useQuery({
    queryKey: repoKeys.dashboard(actingUnit),
    queryFn: ({ signal }) => fetchRepoDashboard(signal),
  });

  if (dashboard.isPending) return <LoadingBlock label={String(t('LoadingRows'))} testId="download-loading" />;
  if (dashboard.isError)
    return (
      <LoadError
        title={String(t('RepoDownloadLoadFailed'))}
        error={dashboard.error}
        onRetry={() => void dashboard.refetch()}
        testId="download-error"
      />
    );
  const workflows = dashboard.data.workflows.filter((workflow) =>
    (REPO_WORKFLOW_CODES as readonly string[]).includes(workflow.code),
  );
  const stages = workflows.find((workflow) => workflow.code === code)?.stages ?? [];
  const badRange = from !== '' && to !== '' && from > to;
  const query: RepoCaseExportQuery = {
    code,
    ...(stage ? { stage } : {}),
    ...(state ? { state } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };

  return (
    <Stack gap="md" data-testid="repo-download">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect
              label={String(t('RepoDownloadWorkflow'))}
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value as RepoWorkflowCode);
                setStage('');
              }}
              data={workflows.map((workflow) => ({
                value: workflow.code,
                label: translateKey(t, workflow.labelKey, workflow.code),
              }))}
            />
            <NativeSelect
              label={String(t('RepoDownloadStage'))}
              value={stage}
              onChange={(event) => setStage(event.currentTarget.value)}
              data={[
                { value: '', label: String(t('RepoDownloadAllStages')) },
                ...stages.map((entry) => ({ value: entry.stage, label: translateKey(t, entry.labelKey, entry.stage) })),
              ]}
            />
            <NativeSelect
              label={String(t('RepoDownloadState'))}
              value={state}
              onChange={(event) => setState(event.currentTarget.value as State)}
              data={[
                { value: '', label: String(t('RepoDownloadStateAll')) },
                { value: 'OPEN', label: String(t('RepoDownloadStateOpen')) },
                { value: 'CLOSED', label: String(t('RepoDownloadStateClosed')) },
              ]}
            />
            <TextInput
              type="date"
              label={String(t('RepoDownloadFrom'))}
              value={from}
              onChange={(event) => setFrom(event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={String(t('RepoDownloadTo'))}
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
              error={badRange ? String(t('RepoDownloadBadRange')) : undefined}
            />
          </SimpleGrid>
          <Text size="sm" c="dark.6">
            {String(t('RepoDownloadHint'))}
          </Text>
          {badRange ? (
            <Alert color="red.9" variant="light" role="alert">
              {String(t('RepoDownloadBadRange'))}
            </Alert>
          ) : (
            <ExportButtons
              fileBase={`${code.toLowerCase()}-cases`}
              formats={['xlsx']}
              exportFile={() => exportRepoCases(query)}
              describeError={(error) => describeLegalError(t, error)}
              from={FROM}
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
