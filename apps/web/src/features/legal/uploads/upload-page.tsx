import { Stack, Title } from '@mantine/core';
import { MAX_UPLOAD_ROWS, UPLOAD_COLUMNS, UPLOAD_KINDS } from '@recovery-desk/domain/legal/contracts.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadForm } from '../../../components/upload-form.tsx';
import { addToast } from '../../../lib/toast-store.ts';
import { UploadDashboard, UploadResult, useFileDownload } from '../../workflow/uploads/upload-dashboard.tsx';
import {
  downloadUploadErrors,
  downloadUploadTemplate,
  fetchUploads,
  uploadLegalFile,
  uploadOfJob,
  type UploadKind,
  type UploadReply,
} from '../api/legal-api.ts';
import { describeLegalError } from '../api/describe-legal-error.ts';
import { useRouteTitle } from '../components/screen-helpers.ts';
import { uploadKindLabel } from '../labels.ts';
import { legalKeys } from '../api/query-keys.ts';

const FROM = 'legalapp/UploadLegal';
const ACCEPT = '.xlsx,.csv';
/** Upload size the server accepts (a spreadsheet of at most 1000 rows is far smaller). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Why a chosen file cannot be uploaded, or null (.xlsx or .csv, at most 5 MB). */
export function uploadFileProblem(
  file: File | null,
): 'UploadingFileIsMandatory' | 'UploadFileTypeNotAllowed' | 'UploadTooLarge' | null {
  if (!file) return 'UploadingFileIsMandatory';
  if (!/\.(xlsx|csv)$/i.test(file.name)) return 'UploadFileTypeNotAllowed';
  if (file.size > MAX_UPLOAD_BYTES) return 'UploadTooLarge';
  return null;
}

/** The file's own checks, with the spec's 'Uploading Fileis Mandatory' when none is chosen. */
function checkUploadFile(file: File | null) {
  const problem = uploadFileProblem(file);
  return problem ? { key: problem } : null;
}

/** /legalapp/UploadLegal — bulk case initiation and hearing updates from a spreadsheet, and the upload dashboard. */
export function LegalUploadPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('uploadLegal');
  const [result, setResult] = useState<UploadReply | null>(null);
  return (
    <Stack gap="md" data-testid="legal-upload">
      <Title order={1}>{title}</Title>
      <LegalUploadForm onUploaded={setResult} />
      {result ? <UploadResult result={result} kindLabel={(row) => uploadKindLabel(t, row.kind)} /> : null}
      <section aria-labelledby="upload-dashboard">
        <Title order={2} size="h4" id="upload-dashboard" mb="xs">
          {String(t('UploadDashboard'))}
        </Title>
        <UploadDashboard
          queryKey={legalKeys.uploadsPage}
          fetchPage={fetchUploads}
          downloadErrors={downloadUploadErrors}
          kindLabel={(row) => uploadKindLabel(t, row.kind)}
          describeError={(error) => describeLegalError(t, error)}
          from={FROM}
        />
      </section>
    </Stack>
  );
}

function LegalUploadForm({ onUploaded }: { onUploaded: (reply: UploadReply) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const template = useFileDownload(`${FROM}/template`, (error) => describeLegalError(t, error));
  // The server checks the file and queues a job for its rows: its progress bar shows in the form until it ends.
  const handleFinished = useCallback(
    (job: Job) => {
      void queryClient.invalidateQueries({ queryKey: legalKeys.uploads() });
      if (job.status !== 'DONE') return;
      const reply = uploadOfJob(job);
      addToast({
        title: String(t('Done')),
        message: String(t('UploadFinished', { ok: reply.okRows, count: reply.totalRows, failed: reply.failedRows })),
        type: reply.failedRows > 0 ? 'warning' : 'success',
        from: FROM,
      });
      onUploaded(reply);
    },
    [onUploaded, queryClient, t],
  );

  // spec §5: submitting without a file also says 'please upload file first'
  const handleInvalid = (file: File | null) => {
    if (uploadFileProblem(file) !== 'UploadingFileIsMandatory') return;
    addToast({
      title: String(t('SystemMsg')),
      message: String(t('PleaseUploadFileFirst')),
      type: 'warning',
      from: FROM,
    });
  };

  return (
    <UploadForm<UploadKind>
      kinds={UPLOAD_KINDS}
      kindLabel={(kind) => uploadKindLabel(t, kind)}
      columnsOf={(kind) => UPLOAD_COLUMNS[kind]}
      templates={(kind) => [
        {
          key: 'xlsx',
          label: String(t('UploadDownloadTemplate', { kind: uploadKindLabel(t, kind) })),
          loading: template.isPending && template.variables.fallbackName === `${kind}-template.xlsx`,
          onClick: () =>
            template.mutate({ fetch: () => downloadUploadTemplate(kind), fallbackName: `${kind}-template.xlsx` }),
        },
      ]}
      words={{
        title: String(t('UploadSpreadsheet')),
        kind: String(t('UploadKind')),
        file: String(t('File')),
        fileRules: String(t('UploadFileRules', { count: MAX_UPLOAD_ROWS })),
        chooseFile: String(t('ChooseFile')),
        columnsOf: (kind) => String(t('UploadColumnsOf', { kind })),
        submit: String(t('Upload')),
        job: String(t('JobKindLegalUpload')),
      }}
      accept={ACCEPT}
      checkFile={checkUploadFile}
      upload={uploadLegalFile}
      onQueued={() => void queryClient.invalidateQueries({ queryKey: legalKeys.uploads() })}
      onFinished={handleFinished}
      onInvalid={handleInvalid}
      describeError={(error) => describeLegalError(t, error)}
      from={FROM}
      testId="upload"
    />
  );
}
