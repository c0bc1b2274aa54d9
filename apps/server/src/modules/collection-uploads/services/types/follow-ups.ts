import { followUpRowsUpload, present, rupeesOf } from './follow-up-rows.ts';

// FOLLOW_UP: follow-ups and dispositions, one a row, recorded as the tray's follow-up save records them (the same
// rules and writes, see follow-up-rows.ts). The columns are the save's inputs, with the contact's date and time (on
// the borrower's clock) instead of "now"; the amount is in rupees.

export const followUpUpload = followUpRowsUpload({
  type: 'FOLLOW_UP',
  toInput: (values) => ({
    dispositionCode: values.dispositionCode?.toUpperCase(),
    contactMode: values.contactMode?.toUpperCase(),
    personContacted: present(values, 'personContacted'),
    actionAmount: present(values, 'actionAmount') === undefined ? undefined : rupeesOf(values.actionAmount!),
    nextActionDate: present(values, 'nextActionDate'),
    nextActionTime: present(values, 'nextActionTime'),
    remarks: present(values, 'remarks'),
    callingWindowOverride: present(values, 'callingWindowOverride'),
    deviationReason: present(values, 'deviationReason'),
  }),
  columnOf: (field) => (field === 'reminderMode' ? 'contactMode' : field),
  contactColumns: { date: 'contactDate', time: 'contactTime' },
  oneRowPerAccount: false,
});
