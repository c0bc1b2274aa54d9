import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../lib/save-file.ts';
import { addToast } from '../../lib/toast-store.ts';
import { describeWorkflowError } from './api/describe-error.ts';
import { generateNotices } from './api/workflow-api.ts';

/** Route names of the trays whose stage sends legal notices (the bulk "Generate notices" plug-in). */
export const NOTICE_TRAYS: readonly string[] = ['legalNotice'];
/** Stage codes whose case screen offers "Generate notice". */
export const NOTICE_STAGES: readonly string[] = ['NOTICE'];

/**
 * POST /api/legal/notices: the notices of the cases as one PDF, saved by the browser; each is kept on its case. For
 * many cases the server queues a job instead: `onQueued` gets its id (to show its progress bar).
 */
export function useGenerateNotices(onGenerated: () => void, onQueued?: (jobId: number) => void) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (caseIds: number[]) => generateNotices(caseIds),
    onSuccess: (reply, caseIds) => {
      if ('job' in reply) {
        // Many cases: a background job writes the PDF; the tray shows its progress and the download.
        onQueued?.(reply.job.id);
        addToast({
          title: String(t('JobStarted')),
          message: String(t('NoticesRunAsJob', { count: caseIds.length })),
          type: 'info',
          from: 'workflow/notices',
        });
        onGenerated();
        return;
      }
      saveFile(reply.file, caseIds.length === 1 ? `notice-${caseIds[0]}.pdf` : 'notices.pdf');
      addToast({
        title: String(t('Saved')),
        message: String(t('WorkflowNoticesGenerated', { count: caseIds.length })),
        type: 'success',
        from: 'workflow/notices',
      });
      onGenerated();
    },
    onError: (error) =>
      addToast({
        title: String(t('WorkflowNoticeFailed')),
        message: describeWorkflowError(t, error),
        type: 'error',
        from: 'workflow/notices',
      }),
  });
}
