// The web form kit: one way to build a form (see docs/architecture.md, "The web form kit").
export { useZodForm, useZodFormContext, type ZodFormApi } from './use-zod-form.ts';
export { ZodForm, FormErrors, fieldId, focusFirstInvalid } from './zod-form.tsx';
export {
  AmountField,
  CheckboxField,
  DateField,
  FileField,
  NumberField,
  SelectField,
  SubmitButton,
  TextField,
  TextareaField,
  minorUnitsOf,
  sanitizeAmount,
  type SelectOption,
} from './fields.tsx';
export { CheckboxGroupField, SwitchField, type CheckboxGroupFieldProps } from './choice-fields.tsx';
export { describeMessage, encodeMessage } from './messages.ts';
export { fieldErrorsOf, placeServerErrors, serverErrorFor, serverFieldName } from './server-errors.ts';
