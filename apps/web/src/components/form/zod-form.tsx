import { Alert } from '@mantine/core';
import { useRef, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { FormProvider, get, useFormState, type FieldErrors, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describeMessage, encodeMessage } from './messages.ts';
import { fieldErrorsOf, placeServerErrors } from './server-errors.ts';
import { ZodFormContext, useZodFormContext, type ZodFormApi } from './use-zod-form.ts';
import { focusFirstInvalid } from './field-id.ts';

export { fieldId, focusFirstInvalid } from './field-id.ts';

const REQUIRED = encodeMessage({ key: 'ValidationRequired' });
const MANDATORY = encodeMessage({ key: 'PleaseFillMandatoryFields' });

function errorNames(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (key === 'root' || !value || typeof value !== 'object') return [];
    const name = prefix ? `${prefix}.${key}` : key;
    return 'message' in value && 'type' in value ? [name] : errorNames(value as FieldErrors, name);
  });
}

export type ZodFormProps<Input extends FieldValues, Output> = {
  form: ZodFormApi<Input, Output>;
  /** called with the schema's output; a rejected promise's server field errors land on the fields */
  onSubmit: (values: Output) => Promise<unknown> | void;
  /** any error of onSubmit, after its field errors have been placed */
  onError?: (error: unknown) => void;
  /** runs when the schema or a field rule refused the submit (e.g. to check parts of the form outside the kit) */
  onInvalid?: () => void;
  children: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'data-testid'?: string;
  id?: string;
};

/**
 * The form element of the kit: validates on submit (focusing the first invalid field), submits once at a time (a
 * second submit while one runs is ignored), and places a 400 reply's `fields` on the form's fields.
 */
export function ZodForm<Input extends FieldValues, Output>({
  form,
  onSubmit,
  onError,
  onInvalid,
  children,
  ...attributes
}: ZodFormProps<Input, Output>) {
  const isRunning = useRef(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A dialog's form is rendered in a portal: React would bubble its submit to a form around the dialog's opener.
    event.stopPropagation();
    event.preventDefault();
    if (isRunning.current) return;
    isRunning.current = true;
    const run = form.handleSubmit(
      async (values) => {
        try {
          await onSubmit(values);
        } catch (error) {
          const { fieldErrors, unplaced } = placeServerErrors(fieldErrorsOf(error), form.fields);
          for (const { name, message } of fieldErrors) {
            form.setError(name as never, { type: 'server', message });
          }
          if (unplaced.length > 0) {
            form.setError('root.server', { type: 'server', message: unplaced.map((item) => item.message).join(' ') });
          }
          focusFirstInvalid(fieldErrors.map((item) => item.name));
          onError?.(error);
        }
      },
      (errors) => {
        const names = errorNames(errors as FieldErrors);
        // spec §5: a submit with a mandatory field empty also says 'Please fill mandatory fields'
        const messageOf = (name: string) => (get(errors, name) as { message?: string } | undefined)?.message;
        if (names.some((name) => messageOf(name) === REQUIRED)) {
          form.setError('root.mandatory', { type: 'required', message: MANDATORY });
        }
        focusFirstInvalid(names);
        onInvalid?.();
      },
    );
    void run(event).finally(() => {
      isRunning.current = false;
    });
  };

  return (
    <ZodFormContext.Provider value={form as unknown as ZodFormApi<FieldValues, unknown>}>
      <FormProvider {...form}>
        <form noValidate onSubmit={handleSubmit} {...attributes}>
          {children}
        </form>
      </FormProvider>
    </ZodFormContext.Provider>
  );
}

/**
 * The form's own errors (a submit with a mandatory field empty, a schema refinement on the whole form, server errors
 * naming no field of the form), shown in an alert. Field errors are shown under their fields.
 */
export function FormErrors({ testId }: { testId?: string } = {}) {
  const { t } = useTranslation();
  const form = useZodFormContext();
  const { errors } = useFormState({ control: form.control });
  useSyncExternalStore(form.fields.subscribe, () => form.fields.version);
  // errors of values no rendered field shows (e.g. the selected ids a form sends along)
  const unshown = errorNames(errors).filter((name) => !form.fields.has(name));
  const messages = [
    errors.root?.mandatory?.message,
    errors.root?.message,
    errors.root?.server?.message,
    ...unshown.map((name) => (get(errors, name) as { message?: string } | undefined)?.message),
  ]
    .map((message) => describeMessage(t, message))
    .filter((message): message is string => Boolean(message));
  if (messages.length === 0) return null;
  return (
    <Alert color="red" variant="outline" role="alert" data-testid={testId}>
      {[...new Set(messages)].join(' ')}
    </Alert>
  );
}
