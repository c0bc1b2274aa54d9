import { HttpError, type FieldError } from '../../lib/http-client.ts';

// Server field errors ({error_code, detail, fields:[{field,message}]}) of a 400 reply, matched to a form's fields.

export function fieldErrorsOf(error: unknown): FieldError[] {
  return error instanceof HttpError ? error.fields : [];
}

/** The form field a server error names: `fields.remarks`, `body.remarks` and `remarks` all name `remarks`. */
export function serverFieldName(field: string): string {
  return field.replace(/^(body|fields|query)\./, '');
}

/** The server's message for a field, matched by field name or by its label (spec §5: "per label"). */
export function serverErrorFor(errors: readonly FieldError[], name: string, label: string): string | null {
  const wanted = [name.toLowerCase(), label.toLowerCase()];
  return errors.find((error) => wanted.includes(serverFieldName(error.field).toLowerCase()))?.message ?? null;
}

export type ServerErrorPlacement = { fieldErrors: { name: string; message: string }[]; unplaced: FieldError[] };

/**
 * Places each server field error on the form field it names (by name, case-insensitively, or by the field's label);
 * errors naming no field of the form are returned as unplaced (the form shows them in its alert).
 */
export function placeServerErrors(
  errors: readonly FieldError[],
  fields: ReadonlyMap<string, { label: string }>,
): ServerErrorPlacement {
  const fieldErrors: { name: string; message: string }[] = [];
  const unplaced: FieldError[] = [];
  for (const error of errors) {
    const wanted = serverFieldName(error.field).toLowerCase();
    const match = [...fields].find(
      ([name, field]) => name.toLowerCase() === wanted || field.label.toLowerCase() === wanted,
    );
    if (match) fieldErrors.push({ name: match[0], message: error.message });
    else unplaced.push(error);
  }
  return { fieldErrors, unplaced };
}
