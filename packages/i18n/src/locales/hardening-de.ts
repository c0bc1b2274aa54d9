// German: messages of the hardening work (a security test's findings).
export const hardeningDe = {
  ErrorPreconditionRequired:
    'Diese Änderung hat nicht angegeben, auf welcher Version des Datensatzes sie beruht. Laden Sie den Datensatz neu und nehmen Sie die Änderung erneut vor.',
  ErrorDetailPreconditionRequired:
    'Senden Sie mit dieser Änderung die Version des Datensatzes, die Sie gelesen haben (Feld „version“).',
};
