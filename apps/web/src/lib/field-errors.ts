import { HttpError, type FieldError } from './http-client.ts';

// Server field errors ({error_code, detail, fields:[{field,message}]}) shown under the matching field.
export function fieldErrorsOf(error: unknown): FieldError[] {
  return error instanceof HttpError ? error.fields : [];
}

/** The server's message for a field, matched by field name or by its label (spec §5: "per label"). */
export function serverErrorFor(errors: readonly FieldError[], name: string, label: string): string | null {
  const wanted = [name.toLowerCase(), label.toLowerCase()];
  return errors.find((error) => wanted.includes(error.field.toLowerCase()))?.message ?? null;
}
