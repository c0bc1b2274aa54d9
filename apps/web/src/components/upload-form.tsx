import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Job } from '@recovery-desk/domain/jobs/contracts.ts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { FileField, SelectField, SubmitButton, ZodForm, useZodForm } from './form/index.ts';
import type { FileFieldProps } from './form/fields.tsx';
import { JobProgress } from './job-progress.tsx';

// The form of every bulk file upload screen (legal File Upload, collections File Upload): the kind of file and the
// file on the form kit, each kind's columns with its template buttons, the refusal of the request, and the job's
// progress bar once the server has queued the file. The screen gives its kinds, words, templates and what to do
// when the job ends (its result, its list).

export type UploadTemplateButton = {
  key: string;
  label: string;
  /** the button's accessible name when its text alone does not say which kind it is for */
  ariaLabel?: string;
  loading: boolean;
  onClick: () => void;
};

export type UploadFormWords = {
  title: string;
  kind: string;
  file: string;
  fileRules: string;
  chooseFile: string;
  /** the heading of a kind's columns, given the kind's label */
  columnsOf: (kindLabel: string) => string;
  submit: string;
  /** the title of the request's refusal (none: the message alone) */
  refused?: string;
  /** the progress bar's title */
  job: string;
};

export type UploadFormProps<Kind extends string> = {
  kinds: readonly [Kind, ...Kind[]];
  /** the kind chosen when the screen opens (none: the user chooses) */
  defaultKind?: Kind;
  kindLabel: (kind: Kind) => string;
  columnsOf: (kind: Kind) => readonly string[];
  templates: (kind: Kind) => UploadTemplateButton[];
  words: UploadFormWords;
  accept: string;
  checkFile: NonNullable<FileFieldProps['check']>;
  /** sends the file; the server answers with the job that checks and applies it */
  upload: (kind: Kind, file: File) => Promise<Job>;
  /** the job was queued (refresh the screen's list) */
  onQueued?: (job: Job) => void;
  /** the job ended (DONE, FAILED…) */
  onFinished: (job: Job) => void;
  /** the submit was refused by the form's own checks */
  onInvalid?: (file: File | null) => void;
  describeError: (error: unknown) => ReactNode;
  /** the toasts' origin (the screen's path) */
  from: string;
  /** test id prefix: `<prefix>-form`, `<prefix>-columns`, `<prefix>-error`; also the title's id `<prefix>-form-title` */
  testId: string;
};

export function UploadForm<Kind extends string>(props: UploadFormProps<Kind>) {
  const { kinds, kindLabel, columnsOf, templates, words, testId, onQueued, onFinished, onInvalid } = props;
  const schema = useMemo(() => z.object({ kind: z.enum(kinds), file: z.instanceof(File) }), [kinds]);
  const form = useZodForm(schema, { kind: props.defaultKind, file: null as unknown as File });
  const [jobId, setJobId] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (input: { kind: Kind; file: File }) => props.upload(input.kind, input.file),
    onSuccess: (job) => {
      setJobId(job.id);
      form.resetField('file');
      onQueued?.(job);
    },
  });
  const handleFinished = useCallback((job: Job) => onFinished(job), [onFinished]);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${testId}-form-title`}>
      <ZodForm
        form={form}
        onSubmit={(input) => mutation.mutateAsync(input as { kind: Kind; file: File })}
        onInvalid={onInvalid ? () => onInvalid(form.getValues('file') ?? null) : undefined}
        data-testid={`${testId}-form`}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id={`${testId}-form-title`}>
            {words.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <SelectField
              label={words.kind}
              name="kind"
              options={kinds.map((value) => ({ value, label: kindLabel(value) }))}
            />
            <FileField
              label={words.file}
              name="file"
              description={words.fileRules}
              accept={props.accept}
              check={props.checkFile}
              placeholder={words.chooseFile}
            />
          </SimpleGrid>
          <Stack gap={4} data-testid={`${testId}-columns`}>
            {kinds.map((kind) => (
              <Group key={kind} gap="xs" wrap="wrap" justify="space-between">
                <Text size="sm">
                  <Text span fw={600} size="sm">
                    {words.columnsOf(kindLabel(kind))}
                  </Text>{' '}
                  <code>{columnsOf(kind).join(', ')}</code>
                </Text>
                <Group gap="xs">
                  {templates(kind).map((button) => (
                    <Button
                      key={button.key}
                      size="compact-xs"
                      variant="default"
                      aria-label={button.ariaLabel}
                      loading={button.loading}
                      onClick={button.onClick}
                    >
                      {button.label}
                    </Button>
                  ))}
                </Group>
              </Group>
            ))}
          </Stack>
          {mutation.isError ? (
            <Alert color="red" variant="outline" role="alert" title={words.refused} data-testid={`${testId}-error`}>
              {props.describeError(mutation.error)}
            </Alert>
          ) : null}
          <Group>
            <SubmitButton>{words.submit}</SubmitButton>
          </Group>
          {jobId !== null ? (
            <JobProgress key={jobId} jobId={jobId} title={words.job} onFinished={handleFinished} from={props.from} />
          ) : null}
        </Stack>
      </ZodForm>
    </Paper>
  );
}
