/** The workflows whose effects this module performs. */
export const REPOSSESSION_CODE = 'REPOSSESSION';
export const SARFAESI_CODE = 'SARFAESI';
export const SECURED_WORKFLOWS = [REPOSSESSION_CODE, SARFAESI_CODE] as const;
/** The app whose settings authority edits the document templates. */
export const REPO_APP = 'repoapp';
