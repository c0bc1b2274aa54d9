// Words of the audit trail's tamper evidence (checkpoint jobs).
import type { AuditKey } from './audit-en.ts';

export const auditAr: Record<AuditKey, string> = {
  JobKindAuditCheckpoint: 'نقطة تحقق سجل التدقيق',
};
