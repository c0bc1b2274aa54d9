// The "Bounce Cheque Details" of a legal case (spec §2.4; domain reference §2.5): the cheque fields of spec §3
// (number, date, amount, bounce date, claimed amount) plus those the §138 / §25 flow needs. They are fields of the
// LEGAL definition, entered at INITIATE (cheque and dishonour), NOTICE (notice) and CASE_FILING (service, court).

export const BOUNCE_CHEQUE_SECTIONS = [
  {
    labelKey: 'ChequeSection',
    fields: ['chequeNumber', 'chequeDate', 'chequeAmount', 'drawerBank', 'drawerBranch', 'micrCode'],
  },
  { labelKey: 'MandateSection', fields: ['mandateReference', 'debitAmount'] },
  {
    labelKey: 'DishonourSection',
    fields: ['presentationDate', 'chequeReturnDate', 'bounceReason', 'returnMemoReceivedDate', 'claimAmount'],
  },
  { labelKey: 'NoticeSection', fields: ['noticeDate', 'noticeMode', 'noticeSentDate', 'trackingNumber'] },
  { labelKey: 'ComplaintSection', fields: ['noticeServedDate', 'filingDate', 'court', 'caseNumber', 'cnr'] },
] as const;
