import { followUpRowsUpload, present, rupeesOf } from './follow-up-rows.ts';

// PTP: promises to pay, one an account, captured as the tray captures one: a follow-up with the PTP disposition,
// through the same rules (amount above zero, in paise, not above the total due; promised date on or after the
// business date and within the settings' furthest date; a promise outside the PTP policy needs deviationReason and
// waits for a supervisor) and the same writes (the new promise replaces the account's open one). `mode` is how the
// promise was taken (CALL, FIELD_VISIT, …: a call is refused on a do-not-call account).

const COLUMN_OF: Record<string, string> = {
  actionAmount: 'promisedAmount',
  nextActionDate: 'promisedDate',
  contactMode: 'mode',
  dispositionCode: 'promisedAmount',
};

export const ptpUpload = followUpRowsUpload({
  type: 'PTP',
  toInput: (values) => ({
    dispositionCode: 'PTP',
    contactMode: values.mode?.toUpperCase(),
    personContacted: present(values, 'personContacted'),
    actionAmount: rupeesOf(values.promisedAmount ?? ''),
    nextActionDate: values.promisedDate,
    remarks: present(values, 'remarks'),
    callingWindowOverride: present(values, 'callingWindowOverride'),
    deviationReason: present(values, 'deviationReason'),
  }),
  columnOf: (field) => COLUMN_OF[field] ?? field,
  contactColumns: { date: 'contactDate', time: 'contactTime' },
  oneRowPerAccount: true,
});
