import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BUCKETS } from '@recovery-desk/domain/collections/dpd.ts';
import { PRODUCTS } from '@recovery-desk/domain/products.ts';
import {
  COLLECTION_DIMENSIONS,
  findReport,
  REPORT_KEYS,
  REPORTS,
  reportQuerySchema,
  type ReportKey,
  type ReportQuery,
} from '@recovery-desk/domain/reports/contracts.ts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { GridError, GridLoading } from '../../components/data-grid/grid-states.tsx';
import { DateField, FormErrors, SelectField, SubmitButton, ZodForm, useZodForm } from '../../components/form/index.ts';
import { JobProgress } from '../../components/job-progress.tsx';
import { formatBusinessDate } from '../../lib/format.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import type { DictionaryKey } from '@recovery-desk/i18n/locales/en.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { useUrlState, type UrlStateDefinition } from '../../lib/url-state.ts';
import { bucketLabel, productLabel } from '../collections/labels.ts';
import { describeHttpError } from '../jobs/describe-job-error.ts';
import { ReportChart, ReportTable } from './report-view.tsx';
import { fetchReport, queueReportExport, reportsKeys } from './reports-api.ts';
import { TargetsSection } from './targets-section.tsx';
import { RollTrendChart } from './roll-trend.tsx';

const FROM = 'collapp/reportGeneration';

/** The screen's address: the report and its filters (the server's own query schema, plus the report). */
const pageSchema = z.object({ report: z.enum(REPORT_KEYS), ...reportQuerySchema.shape });
type PageState = { report: ReportKey } & ReportQuery;

const URL_STATE: UrlStateDefinition<PageState> = {
  schema: pageSchema,
  defaults: {
    report: 'collectionEfficiency',
    from: undefined,
    to: undefined,
    unitId: undefined,
    product: undefined,
    bucket: undefined,
    by: undefined,
  },
  alwaysInAddress: ['report'],
};

/** The filters form: the server's query schema with the report, checked as the server checks it. */
const filterSchema = z
  .object({ report: z.enum(REPORT_KEYS), ...reportQuerySchema.shape })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'must be on or after the from date',
  });

const BY_LABEL: Record<(typeof COLLECTION_DIMENSIONS)[number], DictionaryKey> = {
  bucket: 'ReportByBucket',
  product: 'ReportByProduct',
  branch: 'ReportByBranch',
  agent: 'ReportByAgent',
  account: 'ReportByAccount',
};

/**
 * /collapp/reportGeneration (REPORT_GENERATION_SAUTH) — Reports: the standard collections reports of the acting
 * unit's subtree, each with its filters (in the address), a chart, the table and its export (CSV or XLSX, a job).
 */
export function ReportsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const actingUnit = useSession((session) => session.actingUnit);
  const [state, setState] = useUrlState(URL_STATE);
  const { report: key, ...query } = state;
  const report = findReport(key)!;
  const [jobId, setJobId] = useState<number | null>(null);

  const reply = useQuery({
    queryKey: reportsKeys.report(actingUnit, key, JSON.stringify(query)),
    queryFn: ({ signal }) => fetchReport(key, query, signal),
    enabled: actingUnit !== null,
    placeholderData: keepPreviousData,
  });
  const exporter = useMutation({
    mutationFn: (format: 'csv' | 'xlsx') => queueReportExport(key, format, query),
    onSuccess: (job) => setJobId(job.id),
    onError: (error) =>
      addToast({
        title: String(t('ReportExportFailed')),
        message: describeHttpError(t, error),
        type: 'error',
        from: FROM,
      }),
  });

  const reportName = translateKey(t, report.labelKey, report.key);
  return (
    <Stack gap="md" data-testid="reports-page">
      <Title order={1}>{String(t('ReportsTitle'))}</Title>
      <Text size="sm">{String(t('ReportsIntro'))}</Text>
      <Filters
        key={JSON.stringify(state)}
        state={state}
        units={reply.data?.units ?? []}
        onApply={(next) => {
          setJobId(null);
          setState(next);
        }}
      />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="report-title">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2} size="h3" id="report-title">
                {reportName}
              </Title>
              <Text size="sm" c="dark.6">
                {translateKey(t, report.descriptionKey, '')}
              </Text>
              {reply.data ? (
                <Text size="sm" data-testid="report-period">
                  {String(
                    t('ReportPeriod', {
                      from: formatBusinessDate(reply.data.from, language),
                      to: formatBusinessDate(reply.data.to, language),
                      unit: `${reply.data.unit.code} ${reply.data.unit.name}`,
                    }),
                  )}
                </Text>
              ) : null}
            </div>
            <Group gap="xs">
              <Button
                variant="default"
                onClick={() => exporter.mutate('csv')}
                loading={exporter.isPending && exporter.variables === 'csv'}
                data-testid="report-export-csv"
              >
                {String(t('ReportExportCsv'))}
              </Button>
              <Button
                variant="default"
                onClick={() => exporter.mutate('xlsx')}
                loading={exporter.isPending && exporter.variables === 'xlsx'}
                data-testid="report-export-xlsx"
              >
                {String(t('ReportExportXlsx'))}
              </Button>
            </Group>
          </Group>
          {jobId !== null ? <JobProgress jobId={jobId} title={String(t('JobKindReportsExport'))} from={FROM} /> : null}
          {reply.isPending ? (
            <GridLoading label={String(t('ReportLoading'))} rows={4} testId="report-loading" />
          ) : reply.isError ? (
            <GridError
              title={String(t('ReportLoadFailed'))}
              error={reply.error}
              onRetry={() => void reply.refetch()}
              testId="report-error"
            />
          ) : (
            <>
              {reply.data.truncated ? (
                <Alert color="blue" data-testid="report-truncated">
                  {String(t('ReportTruncated'))}
                </Alert>
              ) : null}
              {reply.data.rows.length > 0 ? (
                <ReportChart report={report} reply={reply.data} t={t} language={language} />
              ) : null}
              {key === 'rollRates' ? <RollTrendChart unitId={query.unitId} product={query.product} /> : null}
              <ReportTable report={report} reply={reply.data} t={t} language={language} />
            </>
          )}
        </Stack>
      </Paper>
      <TargetsSection />
    </Stack>
  );
}

function Filters({
  state,
  units,
  onApply,
}: {
  state: PageState;
  units: readonly { id: number; code: string; name: string }[];
  onApply: (next: PageState) => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(filterSchema, {
    report: state.report,
    from: state.from ?? '',
    to: state.to ?? '',
    unitId: state.unitId,
    product: state.product ?? '',
    bucket: state.bucket ?? '',
    by: state.by ?? '',
  } as never);
  const chosen = findReport(String(form.watch('report'))) ?? findReport(state.report)!;
  const has = (filter: string) => (chosen.filters as readonly string[]).includes(filter);
  return (
    <Paper withBorder p="md" radius="md">
      <ZodForm
        form={form}
        onSubmit={(input) => {
          const next = input as PageState;
          const definition = findReport(next.report)!;
          const keep = (filter: string) => (definition.filters as readonly string[]).includes(filter);
          onApply({
            report: next.report,
            from: keep('period') ? next.from : undefined,
            to: keep('period') ? next.to : undefined,
            unitId: keep('unit') ? next.unitId : undefined,
            product: keep('product') ? next.product : undefined,
            bucket: keep('bucket') ? next.bucket : undefined,
            by: keep('dimension') ? next.by : undefined,
          });
          return Promise.resolve();
        }}
        data-testid="report-filters"
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <SelectField
              name="report"
              label={String(t('ReportChoose'))}
              required
              options={REPORTS.map((item) => ({ value: item.key, label: translateKey(t, item.labelKey, item.key) }))}
            />
            {has('period') ? <DateField name="from" label={String(t('ReportFilterFrom'))} /> : null}
            {has('period') ? <DateField name="to" label={String(t('ReportFilterTo'))} /> : null}
            {has('unit') ? (
              <SelectField
                name="unitId"
                label={String(t('ReportFilterUnit'))}
                valueAs="number"
                options={units.map((unit) => ({ value: String(unit.id), label: `${unit.code} ${unit.name}` }))}
              />
            ) : null}
            {has('product') ? (
              <SelectField
                name="product"
                label={String(t('ReportFilterProduct'))}
                options={PRODUCTS.map((code) => ({ value: code, label: productLabel(t, code) }))}
              />
            ) : null}
            {has('bucket') ? (
              <SelectField
                name="bucket"
                label={String(t('ReportFilterBucket'))}
                options={BUCKETS.map((code) => ({ value: code, label: bucketLabel(t, code) }))}
              />
            ) : null}
            {has('dimension') ? (
              <SelectField
                name="by"
                label={String(t('ReportFilterBy'))}
                options={COLLECTION_DIMENSIONS.map((code) => ({ value: code, label: String(t(BY_LABEL[code])) }))}
              />
            ) : null}
          </SimpleGrid>
          <FormErrors />
          <div>
            <SubmitButton data-testid="report-apply">{String(t('ReportApply'))}</SubmitButton>
          </div>
        </Stack>
      </ZodForm>
    </Paper>
  );
}
