// Words of the audit trail's tamper evidence (checkpoint jobs).
import type { AuditKey } from './audit-en.ts';

export const auditHi: Record<AuditKey, string> = {
  JobKindAuditCheckpoint: 'ऑडिट चेकपॉइंट',
};
