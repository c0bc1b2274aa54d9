import {
  approve,
  document,
  effects,
  field,
  pastDate,
  recommend,
  reject,
  select,
  type ActionInput,
  type StageInput,
} from './builders.ts';

// A partial payment of a secured-asset case (SARFAESI, and repossession since v9): a detour the maker opens from a
// work stage, that returns there once decided. The request captures the amount, mode, reference and date; its
// approval posts the payment as a receipt on the account (postPartialPayment); a rejection posts nothing.

/** How a partial payment was made: the receipt modes staff capture (receipts' rules apply when it is posted). */
export const PARTIAL_PAYMENT_MODES = [
  ['CASH', 'PartialModeCash'],
  ['CHEQUE', 'PartialModeCheque'],
  ['DD', 'PartialModeDd'],
  ['NEFT', 'PartialModeNeft'],
  ['RTGS', 'PartialModeRtgs'],
  ['IMPS', 'PartialModeImps'],
  ['UPI', 'PartialModeUpi'],
] as const;

/** The partial payment's amount, mode, reference (every mode but cash) and date; the approval posts it as a receipt. */
export const PARTIAL_PAYMENT_FIELDS = [
  field('partialAmount', 'PartialPaymentAmount', 'amount', {
    required: true,
    rules: [{ kind: 'minAmount', amount: '0.01' }],
  }),
  select('partialPaymentMode', 'PartialPaymentMode', PARTIAL_PAYMENT_MODES, { required: true }),
  field('partialPaymentReference', 'PartialPaymentReference', 'text', {
    required: true,
    when: { field: 'partialPaymentMode', notIn: ['CASH'] },
    rules: [{ kind: 'upperAlphaNum' }, { kind: 'minLength', length: 6 }, { kind: 'maxLength', length: 22 }],
  }),
  pastDate('partialPaymentDate', 'PaymentDate', { required: true }),
  field('balanceSchedule', 'BalancePaymentSchedule', 'textarea', { required: true }),
];

/** The maker's action that opens the detour (remarks: what the borrower offered). */
export const requestPartialPayment: ActionInput = {
  name: 'requestPartialPayment',
  labelKey: 'RequestPartialPayment',
  to: { stage: 'PartialPaymentReq' },
  status: 'Initiated',
  remarksRequired: true,
  maker: 'actor',
  authority: 'PAR_PAY_RQST_SAUTH',
  opensDetour: true,
};

/** The two stages of the detour; `prefix` names their routes (`repo`, `sarf`). */
export function partialPaymentStages(prefix: string, trayColumns: string[]): StageInput[] {
  return [
    {
      code: 'PartialPaymentReq',
      labelKey: 'PartialPaymentRequest',
      routeSlug: `${prefix}PartialPaymentReq`,
      authority: 'PAR_PAY_RQST_SAUTH',
      trayColumns,
      fields: PARTIAL_PAYMENT_FIELDS,
      documents: [document('partialPaymentProof', 'PaymentProof')],
      // the account's dues the payment is taken against (and, once approved, posted to)
      widgets: ['closureStatement'],
      actions: [recommend('PartialPaymentApproval', { effects: effects('requirePartialPayment') })],
    },
    {
      code: 'PartialPaymentApproval',
      labelKey: 'PartialPaymentApproval',
      routeSlug: `${prefix}PartialPaymentApproval`,
      authority: 'PAR_PAY_APP_SAUTH',
      trayColumns,
      widgets: ['closureStatement'],
      actions: [
        // posts the payment as a receipt on the account (the receipts service's mode rules apply)
        approve({ history: true }, { labelKey: 'ApprovePartialPayment', effects: effects('postPartialPayment') }),
        reject({ history: true }, { labelKey: 'RejectPartialPayment' }),
      ],
    },
  ];
}
