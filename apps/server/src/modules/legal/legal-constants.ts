// Names the legal module shares: the workflow definition of legal cases and the app its authorities belong to.

export const LEGAL_CODE = 'LEGAL';
export const LEGAL_APP = 'legalapp';
