// Words of the audit trail's tamper evidence (checkpoint jobs).
import type { AuditKey } from './audit-en.ts';

export const auditDe: Record<AuditKey, string> = {
  JobKindAuditCheckpoint: 'Prüfpunkt des Audit-Protokolls',
};
