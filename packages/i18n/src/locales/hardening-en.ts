// English: messages of the hardening work (a security test's findings).
export const hardeningEn = {
  ErrorPreconditionRequired:
    'This change did not say which version of the record it was made on. Reload the record and make the change again.',
  ErrorDetailPreconditionRequired: 'Send the version of the record you read (field "version") with this change.',
};
