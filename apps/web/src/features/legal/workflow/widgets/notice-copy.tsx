import { Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../../lib/save-file.ts';
import { addToast } from '../../../../lib/toast-store.ts';
import { describeWorkflowError } from '../../../workflow/api/describe-error.ts';
import type { CaseWidgetProps, StageWidget, TrayWidgetProps } from '../../../workflow/widgets.ts';
import { generateNotices } from '../../api/legal-api.ts';

// The `noticeCopy` widget of the legal Send Legal Notice stage: "Generate notice" on the case screen and
// "Generate notices" over the selected cases of the tray. Each notice is kept on its case as `noticeCopy`.

/** POST /api/legal/notices: the notices of the cases as one PDF, saved by the browser; each is kept on its case. */
function useGenerateNotices(onGenerated: () => void) {
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

/** Case screen: the notice of this case, for a caller who may act on it. */
export function NoticeCaseAction({ view, canAct, onReload }: CaseWidgetProps) {
  const { t } = useTranslation();
  const notices = useGenerateNotices(onReload);
  if (!canAct) return null;
  return (
    <Button
      variant="default"
      loading={notices.isPending}
      onClick={() => notices.mutate([view.case.caseId])}
      data-testid="generate-notice"
    >
      {String(t('WorkflowGenerateNotice'))}
    </Button>
  );
}

/** Stage tray: the notices of the selected cases as one PDF. */
export function NoticeTrayAction({ selected, onDone, from }: TrayWidgetProps) {
  const { t } = useTranslation();
  const notices = useGenerateNotices(onDone);
  const handleGenerate = () => {
    if (selected.size === 0) {
      addToast({ title: String(t('SystemMsg')), message: String(t('PleaseSelectId')), type: 'warning', from });
      return;
    }
    notices.mutate([...selected]);
  };
  return (
    <Group gap="sm" data-testid="notice-bulk-bar">
      <Button onClick={handleGenerate} loading={notices.isPending}>
        {String(t('WorkflowGenerateNotices'))}
      </Button>
      <Text size="sm" role="status" aria-live="polite">
        {String(t('SelectedCount', { count: selected.size }))}
      </Text>
    </Group>
  );
}

export const stageWidget: StageWidget = {
  name: 'noticeCopy',
  caseAction: NoticeCaseAction,
  trayAction: NoticeTrayAction,
};
