// The legal module's public surface: what other modules (demo) and the wiring (workflow-effects.ts) may import.
export { LEGAL_APP, LEGAL_CODE } from './legal-constants.ts';
export { registerLegalEffects } from './legal-effects.ts';
export { poolRuleConditions } from './pool.repository.ts';
export {
  deleteNoticeTemplate,
  findNoticeTemplate,
  listNoticeTemplatesOf,
  upsertNoticeTemplate,
} from './settings.repository.ts';
export { createNoticeDocument, NOTICE_LANGUAGE } from './services/notice-document.ts';
export { formatNoticeAmount, formatNoticeDate, productLabel } from './services/notice-format.ts';
export { renderNoticePdf } from './services/notice-pdf.ts';
export { declinePoolAccounts, initiatePoolCases } from './services/pool-cases.ts';
export { generateNotices } from './services/send-notices.ts';
export { loadLegalSettings } from './services/settings.ts';
// Background job kinds (listed in src/jobs/registry.ts).
export { hearingRemindersJob } from './services/send-hearing-reminders.ts';
export { noticesJob } from './services/send-notices.ts';
export { legalUploadJob } from './services/uploads.ts';
