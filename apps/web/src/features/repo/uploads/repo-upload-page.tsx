import { Stack, Title } from '@mantine/core';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import type { RepoWorkflowCode } from '@recovery-desk/domain/repo/contracts.ts';
import type { RepoUploadKinds, RepoUploadReply, RepoUploadRow } from '@recovery-desk/domain/repo/uploads.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadForm } from '../../../components/upload-form.tsx';
import { translateKey } from '../../../lib/i18n/dynamic-key.ts';
import { useSession } from '../../../lib/session-store.ts';
import { addToast } from '../../../lib/toast-store.ts';
import { describeLegalError } from '../../legal/api/describe-legal-error.ts';
import { EmptyBlock, LoadError, LoadingBlock } from '../../legal/components/load-state.tsx';
import { useRouteTitle } from '../../legal/components/screen-helpers.ts';
import { uploadFileProblem } from '../../legal/uploads/upload-page.tsx';
import { UploadDashboard, UploadResult, useFileDownload } from '../../workflow/uploads/upload-dashboard.tsx';
import {
  downloadRepoUploadErrors,
  downloadRepoUploadTemplate,
  fetchRepoUploads,
  fetchUploadKinds,
  repoUploadKeys,
  repoUploadOfJob,
  uploadRepoFile,
  type UploadChoice,
} from '../api/uploads-api.ts';

// /Repoapp/UploadRepo (FILE_UPLOAD_REPO_SAUTH) and /Sarfaesi/UploadRepo (SARF_UPLOAD_DASH_SAUTH): case initiations and
// stage updates from a spreadsheet, and the definition's upload dashboard, on the shared workflow upload screens.
// The kinds offered are the user's: initiation with the initial stage's authority, a stage update per stage held.

const ACCEPT = '.xlsx,.csv';
const SCREENS: Record<
  RepoWorkflowCode,
  { route: string; from: string; job: 'JobKindRepossessionUpload' | 'JobKindSarfaesiUpload' }
> = {
  REPOSSESSION: { route: 'uploadRepo', from: 'repoapp/UploadRepo', job: 'JobKindRepossessionUpload' },
  SARFAESI: { route: 'uploadSarfaesi', from: 'repoapp/SarfaesiUploadRepo', job: 'JobKindSarfaesiUpload' },
};

function checkUploadFile(file: File | null) {
  const problem = uploadFileProblem(file);
  return problem ? { key: problem } : null;
}

/** The choices of the form: INITIATION, then STAGE_UPDATE:<stage> per stage the user holds. */
function choicesOf(kinds: RepoUploadKinds): { choice: UploadChoice; labelKey: string; columns: string[] }[] {
  return [
    ...(kinds.initiation ? [{ choice: 'INITIATION', labelKey: '', columns: kinds.initiation.columns }] : []),
    ...kinds.stages.map((stage) => ({
      choice: `STAGE_UPDATE:${stage.stage}`,
      labelKey: stage.labelKey,
      columns: stage.columns,
    })),
  ];
}

function kindLabel(t: TFunction, kinds: RepoUploadKinds | undefined, row: { kind: string; stageCode: string | null }) {
  if (row.kind === 'INITIATION') return String(t('RepoUploadKindInitiation'));
  const stage = kinds?.stages.find((candidate) => candidate.stage === row.stageCode);
  const name = stage ? translateKey(t, stage.labelKey, stage.stage) : (row.stageCode ?? '');
  return String(t('RepoUploadKindStageUpdate', { stage: name }));
}

export function RepossessionUploadPage() {
  return <RepoUploadPage code="REPOSSESSION" />;
}

export function SarfaesiUploadPage() {
  return <RepoUploadPage code="SARFAESI" />;
}

function RepoUploadPage({ code }: { code: RepoWorkflowCode }) {
  const { t } = useTranslation();
  const screen = SCREENS[code];
  const title = useRouteTitle(screen.route);
  const actingUnit = useSession((session) => session.actingUnit);
  const [result, setResult] = useState<RepoUploadReply | null>(null);
  const kinds = useQuery({
    queryKey: repoUploadKeys.kinds(code, actingUnit),
    queryFn: ({ signal }) => fetchUploadKinds(code, signal),
  });
  const label = (row: { kind: string; stageCode: string | null }) => kindLabel(t, kinds.data, row);

  let form;
  if (kinds.isPending) form = <LoadingBlock label={String(t('LoadingRows'))} testId="upload-kinds-loading" />;
  else if (kinds.isError)
    form = (
      <LoadError
        title={String(t('RepoUploadKindsLoadFailed'))}
        error={kinds.error}
        onRetry={() => void kinds.refetch()}
        testId="upload-kinds-error"
      />
    );
  else if (choicesOf(kinds.data).length === 0)
    form = <EmptyBlock text={String(t('RepoUploadNoKinds'))} testId="upload-kinds-empty" />;
  else form = <RepoUploadForm code={code} kinds={kinds.data} onUploaded={setResult} />;

  return (
    <Stack gap="md" data-testid="repo-upload">
      <Title order={1}>{title}</Title>
      {form}
      {result ? <UploadResult result={result} kindLabel={label} /> : null}
      <section aria-labelledby="upload-dashboard">
        <Title order={2} size="h4" id="upload-dashboard" mb="xs">
          {String(t('UploadDashboard'))}
        </Title>
        <UploadDashboard<RepoUploadRow>
          queryKey={(unit, query) => repoUploadKeys.page(code, unit, query)}
          fetchPage={(query, signal) => fetchRepoUploads(code, query, signal)}
          downloadErrors={(uploadId) => downloadRepoUploadErrors(code, uploadId)}
          kindLabel={label}
          describeError={(error) => describeLegalError(t, error)}
          from={screen.from}
        />
      </section>
    </Stack>
  );
}

function RepoUploadForm({
  code,
  kinds,
  onUploaded,
}: {
  code: RepoWorkflowCode;
  kinds: RepoUploadKinds;
  onUploaded: (reply: RepoUploadReply) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const screen = SCREENS[code];
  const template = useFileDownload(`${screen.from}/template`, (error) => describeLegalError(t, error));
  const choices = choicesOf(kinds);
  const labelOf = (choice: UploadChoice) => {
    const found = choices.find((candidate) => candidate.choice === choice);
    if (!found || choice === 'INITIATION') return String(t('RepoUploadKindInitiation'));
    return String(t('RepoUploadKindStageUpdate', { stage: translateKey(t, found.labelKey, choice) }));
  };
  const handleFinished = useCallback(
    (job: Job) => {
      void queryClient.invalidateQueries({ queryKey: repoUploadKeys.all(code) });
      if (job.status !== 'DONE') return;
      const reply = repoUploadOfJob(job);
      addToast({
        title: String(t('Done')),
        message: String(t('UploadFinished', { ok: reply.okRows, count: reply.totalRows, failed: reply.failedRows })),
        type: reply.failedRows > 0 ? 'warning' : 'success',
        from: screen.from,
      });
      onUploaded(reply);
    },
    [code, onUploaded, queryClient, screen.from, t],
  );
  const fileName = (choice: UploadChoice) => `${choice.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-template.xlsx`;

  return (
    <UploadForm<UploadChoice>
      kinds={choices.map((candidate) => candidate.choice) as [UploadChoice, ...UploadChoice[]]}
      defaultKind={choices[0]!.choice}
      kindLabel={labelOf}
      columnsOf={(choice) => choices.find((candidate) => candidate.choice === choice)?.columns ?? []}
      templates={(choice) => [
        {
          key: 'xlsx',
          label: String(t('UploadDownloadTemplate', { kind: labelOf(choice) })),
          loading: template.isPending && template.variables.fallbackName === fileName(choice),
          onClick: () =>
            template.mutate({ fetch: () => downloadRepoUploadTemplate(code, choice), fallbackName: fileName(choice) }),
        },
      ]}
      words={{
        title: String(t('UploadSpreadsheet')),
        kind: String(t('UploadKind')),
        file: String(t('File')),
        fileRules: String(t('UploadFileRules', { count: kinds.maxRows })),
        chooseFile: String(t('ChooseFile')),
        columnsOf: (kind) => String(t('UploadColumnsOf', { kind })),
        submit: String(t('Upload')),
        job: String(t(screen.job)),
      }}
      accept={ACCEPT}
      checkFile={checkUploadFile}
      upload={(choice, file) => uploadRepoFile(code, choice, file)}
      onQueued={() => void queryClient.invalidateQueries({ queryKey: repoUploadKeys.all(code) })}
      onFinished={handleFinished}
      describeError={(error) => describeLegalError(t, error)}
      from={screen.from}
      testId="upload"
    />
  );
}
