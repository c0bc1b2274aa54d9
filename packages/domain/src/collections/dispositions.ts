// Telecaller and field disposition codes (domain reference §5.2), seeded into the dispositions table.
// `nextStep` is what recording the disposition does to the account.
export const NEXT_STEPS = [
  'PTP',
  'HOLD',
  'SKIP_TRACE',
  'ESCALATE',
  'SUPPRESS',
  'SETTLEMENT',
  'CALLBACK',
  'NONE',
] as const;
export type NextStep = (typeof NEXT_STEPS)[number];

export type DispositionDefinition = {
  code: string;
  label: string;
  contactKind: 'RPC' | 'TPC' | 'NONE';
  nextStep: NextStep;
  requiresAmount: boolean;
  requiresNextActionDate: boolean;
};

const d = (
  code: string,
  label: string,
  contactKind: DispositionDefinition['contactKind'],
  nextStep: NextStep,
  requiresAmount = false,
  requiresNextActionDate = false,
): DispositionDefinition => ({ code, label, contactKind, nextStep, requiresAmount, requiresNextActionDate });

export const DISPOSITIONS: readonly DispositionDefinition[] = [
  d('PTP', 'Promise to pay', 'RPC', 'PTP', true, true),
  d('FPTP', 'Future PTP (beyond allowed horizon)', 'RPC', 'PTP', true, true),
  d('PP', 'Part payment made or promised', 'RPC', 'PTP', true, true),
  d('PAID', 'Claims already paid', 'RPC', 'SUPPRESS'),
  d('RTP', 'Refuses to pay', 'RPC', 'ESCALATE'),
  d('DISPUTE', 'Disputes the debt or charges', 'RPC', 'HOLD'),
  d('SETTLEMENT REQ', 'Asks for a settlement (OTS)', 'RPC', 'SETTLEMENT'),
  d('CB', 'Call back', 'RPC', 'CALLBACK', false, true),
  d('RNR', 'Ringing, no response', 'NONE', 'NONE'),
  d('SW', 'Switched off', 'NONE', 'NONE'),
  d('BUSY', 'Busy', 'NONE', 'NONE'),
  d('CD', 'Call disconnected', 'NONE', 'NONE'),
  d('NC', 'Not contactable', 'NONE', 'NONE'),
  d('WN', 'Wrong number', 'NONE', 'SKIP_TRACE'),
  d('TPC', 'Third-party contact, message left', 'TPC', 'NONE'),
  d('SKIP', 'Customer shifted or absconding', 'NONE', 'SKIP_TRACE'),
  d('DECEASED', 'Borrower deceased', 'TPC', 'HOLD'),
  d('DNC', 'Do not call', 'NONE', 'SUPPRESS'),
  d('INC', 'Incoming call', 'RPC', 'NONE'),
];

/** Reason recorded on the hold/suppression a disposition starts. */
export const DISPOSITION_RESTRICTION_REASON: Record<string, string> = {
  DISPUTE: 'Dispute',
  DECEASED: 'Deceased',
  PAID: 'Claims paid: receipt verification pending',
  DNC: 'Do not call requested',
};
