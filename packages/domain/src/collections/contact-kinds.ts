// The kinds of a borrower's addresses and contacts as the data holds them (addresses.address_type, contacts.contact_type,
// contact_category and level). The screens and exports show them through their value labels (packages/i18n
// value-labels.ts), never as these codes.
export const ADDRESS_TYPES = ['RESIDENCE', 'OFFICE', 'PERMANENT'] as const;
export const CONTACT_TYPES = ['MOBILE', 'LANDLINE', 'EMAIL'] as const;
export const CONTACT_CATEGORIES = ['SELF', 'SPOUSE', 'REFERENCE', 'GUARANTOR', 'EMPLOYER'] as const;
/** an address's or a contact's rank */
export const CONTACT_LEVELS = ['PRIMARY', 'SECONDARY'] as const;
