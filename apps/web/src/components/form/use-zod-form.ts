import { zodResolver } from '@hookform/resolvers/zod';
import type { InputRule } from '@recovery-desk/domain/validation.ts';
import { createContext, useContext, useMemo, useState } from 'react';
import {
  get,
  set,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { firstBrokenRule, type RuleMessage } from '../input-rules.ts';
import { encodeMessage, issueMessage, messageOfSchemaText } from './messages.ts';

// The form kit's hook: react-hook-form validated by a domain zod schema (the same schema the server parses the body
// with), plus the spec §5 input rules that each field declares (trim, digits only, lengths, names, dates).

/** A field the form has rendered: its label (server errors may name a field by its label) and its §5 rules. */
export type RegisteredField = {
  label: string;
  rules: readonly InputRule[];
  /** a field's own check of its value (e.g. a file's type and size), after its rules */
  check?: (value: unknown) => RuleMessage | null;
};

/** The mounted fields of a form; `FormErrors` subscribes to learn which errors no field shows. */
export class FieldRegistry extends Map<string, RegisteredField> {
  private listeners = new Set<() => void>();
  version = 0;

  override set(name: string, field: RegisteredField): this {
    super.set(name, field);
    this.changed();
    return this;
  }

  override delete(name: string): boolean {
    const deleted = super.delete(name);
    if (deleted) this.changed();
    return deleted;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

export type ZodFormApi<Input extends FieldValues, Output> = UseFormReturn<Input, unknown, Output> & {
  /** the fields currently rendered (filled by the kit's field components) */
  fields: FieldRegistry;
  /** whether the schema requires a value for the field (top-level keys of an object schema) */
  isRequired: (name: string) => boolean;
};

export const ZodFormContext = createContext<ZodFormApi<FieldValues, unknown> | null>(null);

export function useZodFormContext(): ZodFormApi<FieldValues, unknown> {
  const form = useContext(ZodFormContext);
  if (!form) throw new Error('A form field must be inside <ZodForm>');
  return form;
}

/** Empty text is "no value": optional fields of the schema accept it, required ones say "This field is required". */
function blankToUndefined(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, blankToUndefined(item)]));
  }
  return value;
}

/** The text the §5 rules judge: a number as its digits, no value as empty text. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === undefined || value === null) return '';
  return '[value]';
}

const REQUIRED_MESSAGE = encodeMessage({ key: 'ValidationRequired' });

/**
 * A schema's own messages as the kit's: the spec's words where the schema used them, and "This field is required"
 * for an empty value whatever the schema's message for its type (e.g. `z.iso.date('must be a date')` on no date).
 */
function schemaMessages<Values extends FieldValues>(errors: FieldErrors<Values>, values: unknown): FieldErrors<Values> {
  const visit = (node: unknown, path: string): void => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.message === 'string' && typeof record.type === 'string') {
      record.message =
        record.type === 'invalid_type' && asText(get(values, path)).trim() === ''
          ? REQUIRED_MESSAGE
          : messageOfSchemaText(record.message);
    }
    for (const [key, value] of Object.entries(record)) {
      if (key !== 'ref') visit(value, path ? `${path}.${key}` : key);
    }
  };
  visit(errors, '');
  return errors;
}

function topLevelShape(schema: z.ZodType): Record<string, z.ZodType> | null {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  return shape && typeof shape === 'object' ? shape : null;
}

/**
 * A form validated by `schema` (a domain contract) and the §5 rules of its fields. Values are the schema's input;
 * the submit handler receives the schema's output (trimmed, coerced). Validation runs on submit, then on change.
 */
export function useZodForm<Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema,
  defaults: DefaultValues<z.input<Schema>>,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver' | 'defaultValues'> = {},
): ZodFormApi<z.input<Schema>, z.output<Schema>> {
  const [fields] = useState(() => new FieldRegistry());
  const resolver = useMemo(() => {
    const bySchema = zodResolver(schema as never, { error: issueMessage } as never) as unknown as Resolver<
      z.input<Schema>,
      unknown,
      z.output<Schema>
    >;
    const combined: Resolver<z.input<Schema>, unknown, z.output<Schema>> = async (values, context, resolverOptions) => {
      const result = await bySchema(blankToUndefined(values) as z.input<Schema>, context, resolverOptions);
      const errors = schemaMessages({ ...result.errors }, values) as Record<string, unknown>;
      // An issue of the whole form (a refinement with no path) is the form's root error.
      if (errors['']) {
        errors.root = errors[''];
        delete errors[''];
      }
      let broken = false;
      for (const [name, field] of fields) {
        const value: unknown = get(values, name);
        const rule = firstBrokenRule(asText(value), field.rules) ?? field.check?.(value) ?? null;
        if (rule) {
          set(errors, name, { type: 'rule', message: encodeMessage(rule) });
          broken = true;
        }
      }
      if (!broken && Object.keys(errors).length === 0) return result;
      return { values: {}, errors } as Awaited<ReturnType<typeof bySchema>>;
    };
    return combined;
  }, [schema, fields]);

  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    ...options,
    resolver,
    defaultValues: defaults,
  });
  const shape = topLevelShape(schema);
  return {
    ...form,
    fields,
    isRequired: (name) => {
      const field = shape?.[name];
      return field ? !field.safeParse(undefined).success : false;
    },
  };
}
