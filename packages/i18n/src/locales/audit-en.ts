// Words of the audit trail's tamper evidence (checkpoint jobs).
export const auditEn = {
  JobKindAuditCheckpoint: 'Audit checkpoint',
};
export type AuditKey = keyof typeof auditEn;
