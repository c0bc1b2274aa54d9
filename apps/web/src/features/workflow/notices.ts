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

/** POST /api/legal/notices: the notices of the cases as one PDF, saved by the browser; each is kept on its case. */
export function useGenerateNotices(onGenerated: () => void) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (caseIds: number[]) => generateNotices(caseIds),
    onSuccess: (file, caseIds) => {
      saveFile(file, caseIds.length === 1 ? `notice-${caseIds[0]}.pdf` : 'notices.pdf');
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
