import { Alert, Button, Group, Modal, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  OCCUPANCIES,
  openPvrInputSchema,
  PROPERTY_CONDITIONS,
  PVR_STATUSES,
  latitudeSchema,
  longitudeSchema,
  type DelegatesReply,
  type PvrCaseDetail,
  type PvrCaseRow,
} from '@recovery-desk/domain/field/contracts.ts';
import { optionalRemarksSchema, requiredRemarksSchema } from '@recovery-desk/domain/remarks.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { DataGrid, EMPTY_VALUE, type GridColumn } from '../../components/data-grid/data-grid.tsx';
import { GridError, GridLoading } from '../../components/data-grid/grid-states.tsx';
import { DataTable } from '../../components/data-table.tsx';
import {
  DateField,
  FileField,
  FormErrors,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
  ZodForm,
  useZodForm,
} from '../../components/form/index.ts';
import { MapView } from '../../components/map/map-view.tsx';
import type { MapDensityCell, MapPoint } from '../../components/map/map-types.ts';
import { PagePager } from '../../components/page-pager.tsx';
import { formatBusinessDate, formatDateTime } from '../../lib/format.ts';
import { HttpError } from '../../lib/http-client.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import {
  capturePvrVisit,
  delegatePvrCase,
  fetchDelegates,
  fetchHeatMap,
  fetchPvrCase,
  fetchPvrPhoto,
  fetchPvrTray,
  fieldKeys,
  openPvrCase,
  reviewPvrCase,
  uploadPvrPhoto,
} from './api.ts';
import { Field, StatusBadge, useCodeWord, useMoney, useRouteTitle } from './field-ui.tsx';

// PVR — property visit reports: Initiated PVR Tray (/collapp/initiatedPvrTray, its detail …/caseid/:caseid/account/
// :accountid), Delegation (/collapp/delegationPage), and the case detail also at /collapp/PVRCaseDtl/… and
// /Repo/PVRCaseDtl/… (no authority: the detail is read in the acting unit's subtree; its actions need
// INIT_PVR_TRAY_SAUTH, which the server checks).

const FROM = 'collapp/initiatedPvrTray';
const PAGE_SIZE = 25;

function detailPath(row: Pick<PvrCaseRow, 'id' | 'accountId'>): string {
  return `/collapp/initiatedPvrTray/caseid/${row.id}/account/${row.accountId}`;
}

function usePvrColumns(): GridColumn<PvrCaseRow>[] {
  const { t, i18n } = useTranslation();
  return [
    { key: 'caseNo', header: String(t('PvrCaseNo')), cell: (row) => row.caseNo },
    { key: 'account', header: String(t('FieldAccount')), cell: (row) => row.accountNo },
    { key: 'customer', header: String(t('FieldBorrower')), cell: (row) => row.customerName },
    { key: 'property', header: String(t('PvrProperty')), cell: (row) => row.propertyAddress },
    { key: 'dpd', header: String(t('PvrDpd')), cell: (row) => row.dpd },
    { key: 'status', header: String(t('Status')), cell: (row) => <StatusBadge prefix="PvrStatus" code={row.status} /> },
    { key: 'assignee', header: String(t('PvrAssignee')), cell: (row) => row.assignee ?? EMPTY_VALUE },
    {
      key: 'due',
      header: String(t('PvrDueDate')),
      cell: (row) => (row.dueDate ? formatBusinessDate(row.dueDate, i18n.language) : EMPTY_VALUE),
    },
  ];
}

/** /collapp/initiatedPvrTray — the subtree's PVR cases by status, and a form to open one. */
export function InitiatedPvrTrayPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('initiatedPvrTray');
  const navigate = useNavigate();
  const word = useCodeWord();
  const actingUnit = useSession((session) => session.actingUnit);
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const query = new URLSearchParams({ page: String(page), ...(status ? { status } : {}) });
  const tray = useQuery({
    queryKey: fieldKeys.tray(actingUnit, query.toString()),
    queryFn: ({ signal }) => fetchPvrTray(query, signal),
    placeholderData: keepPreviousData,
  });
  const columns = usePvrColumns();
  const counts = tray.data?.counts ?? {};
  return (
    <Stack gap="md" data-testid="pvr-tray">
      <Title order={1}>{title}</Title>
      <OpenCaseForm onOpened={(made) => void navigate(detailPath(made))} />
      <SegmentedControl
        aria-label={String(t('Status'))}
        value={status || 'ALL'}
        onChange={(value) => setParams(value === 'ALL' ? {} : { status: value })}
        data={[
          { value: 'ALL', label: `${String(t('PvrAll'))} (${Object.values(counts).reduce((a, b) => a + b, 0)})` },
          ...PVR_STATUSES.map((value) => ({ value, label: `${word('PvrStatus', value)} (${counts[value] ?? 0})` })),
        ]}
      />
      <DataGrid<PvrCaseRow>
        caption={title}
        columns={columns}
        rows={tray.data?.rows ?? []}
        rowId={(row) => row.id}
        rowLabel={(row) => row.caseNo}
        open={{
          onOpen: (row) => void navigate(detailPath(row)),
          label: (row) => `${String(t('PvrOpenCase'))}: ${row.caseNo}`,
        }}
        listKey="initiatedPvrTray"
        minWidth={1000}
        isLoading={tray.isPending}
        isBusy={tray.isFetching}
        error={
          tray.isError
            ? { title: String(t('FieldLoadFailed')), error: tray.error, onRetry: () => void tray.refetch() }
            : undefined
        }
        empty={{ text: String(t('PvrTrayEmpty')) }}
        testIds={{ table: 'pvr-table', row: 'pvr-row', empty: 'pvr-empty' }}
      />
      <PagePager
        page={page}
        pageSize={PAGE_SIZE}
        count={tray.data && !tray.isPlaceholderData ? tray.data.total : undefined}
        isBusy={tray.isFetching}
        onChange={(next) => setParams({ ...(status ? { status } : {}), page: String(next) })}
      />
    </Stack>
  );
}

function OpenCaseForm({ onOpened }: { onOpened: (made: PvrCaseDetail) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(openPvrInputSchema, { accountNo: '', reason: '' });
  const open = useMutation({
    mutationFn: openPvrCase,
    onSuccess: (made) => {
      void queryClient.invalidateQueries({ queryKey: fieldKeys.all() });
      addToast({
        title: String(t('Done')),
        message: String(t('PvrOpened', { caseNo: made.caseNo })),
        type: 'success',
        from: FROM,
      });
      onOpened(made);
    },
  });
  return (
    <Paper withBorder p="sm">
      <Text fw={600} size="sm" mb="xs">
        {String(t('PvrOpenTitle'))}
      </Text>
      <ZodForm form={form} onSubmit={(input) => open.mutateAsync(input)} data-testid="open-pvr-form">
        <Group align="start" gap="sm" wrap="wrap">
          <TextField name="accountNo" label={String(t('FieldAccountNo'))} uppercase />
          <TextField name="reason" label={String(t('PvrReason'))} />
          <Stack gap={0} pt={24}>
            <SubmitButton>{String(t('PvrOpen'))}</SubmitButton>
          </Stack>
        </Group>
        <FormErrors />
      </ZodForm>
    </Paper>
  );
}

/** The three detail routes: the tray's, /collapp/PVRCaseDtl/… and /Repo/PVRCaseDtl/…. */
function PvrCasePage({ routeName }: { routeName: string }) {
  const { t } = useTranslation();
  const { caseid = '', accountid = '' } = useParams();
  const title = useRouteTitle(routeName);
  const actingUnit = useSession((session) => session.actingUnit);
  const detail = useQuery({
    queryKey: fieldKeys.pvrCase(actingUnit, `${caseid}/${accountid}`),
    queryFn: ({ signal }) => fetchPvrCase(caseid, accountid, signal),
  });
  let body: ReactNode;
  if (detail.isPending) body = <GridLoading label={String(t('FieldLoading'))} testId="pvr-loading" />;
  else if (
    detail.isError &&
    detail.error instanceof HttpError &&
    (detail.error.status === 404 || detail.error.status === 400)
  ) {
    body = (
      <Alert color="red" variant="outline" role="alert" title={String(t('PvrNotFound'))}>
        {String(t('PvrNotInScope'))}
      </Alert>
    );
  } else if (detail.isError) {
    body = (
      <GridError title={String(t('FieldLoadFailed'))} error={detail.error} onRetry={() => void detail.refetch()} />
    );
  } else body = <CaseView data={detail.data} />;
  return (
    <Stack gap="md" data-testid="pvr-case">
      <Title order={1}>{detail.data ? `${title}: ${detail.data.caseNo}` : title}</Title>
      {body}
    </Stack>
  );
}

export const InitiatedPvrCasePage = () => <PvrCasePage routeName="initiatedPvrTrayDetail" />;
export const PvrCaseDetailPage = () => <PvrCasePage routeName="pvrCaseDtl" />;
export const RepoPvrCaseDetailPage = () => <PvrCasePage routeName="repoPvrCaseDtl" />;

function useCaseUpdate() {
  const queryClient = useQueryClient();
  return (reply: PvrCaseDetail) => {
    queryClient.setQueriesData({ queryKey: ['field', 'pvr-case'] }, (old: PvrCaseDetail | undefined) =>
      old && old.id === reply.id ? reply : old,
    );
    void queryClient.invalidateQueries({ queryKey: ['field', 'pvr-tray'] });
    void queryClient.invalidateQueries({ queryKey: ['field', 'delegates'] });
  };
}

function CaseView({ data }: { data: PvrCaseDetail }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const word = useCodeWord();
  const lang = i18n.language;
  const points: MapPoint[] = [];
  if (data.latitude !== null && data.longitude !== null) {
    points.push({
      id: 'property',
      latitude: data.latitude,
      longitude: data.longitude,
      label: String(t('PvrPropertyOnRecord')),
      tone: 'planned',
    });
  }
  if (data.visit) {
    points.push({
      id: 'visit',
      latitude: data.visit.latitude,
      longitude: data.visit.longitude,
      label: String(t('PvrVisitGeotag')),
      tone: 'done',
    });
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <div>
          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Field label={String(t('FieldAccount'))}>{`${data.accountNo} (${data.customerName})`}</Field>
              <Field label={String(t('Status'))}>
                <StatusBadge prefix="PvrStatus" code={data.status} />
              </Field>
              <Field label={String(t('PvrProperty'))}>{data.propertyAddress}</Field>
              <Field label={String(t('PvrCollateral'))}>
                {data.collateral}
                {data.collateralValue ? ` · ${money(data.collateralValue, data.currency)}` : ''}
              </Field>
              <Field label={String(t('PvrReason'))}>{data.reason}</Field>
              <Field
                label={String(t('PvrOpenedBy'))}
              >{`${data.openedBy}, ${formatDateTime(data.openedAt, lang)}`}</Field>
              <Field label={String(t('PvrAssignee'))}>
                {data.assignee ? `${data.assignee} (${word('PvrAssignee', data.assigneeKind ?? 'USER')})` : EMPTY_VALUE}
              </Field>
              <Field label={String(t('PvrDueDate'))}>
                {data.dueDate ? formatBusinessDate(data.dueDate, lang) : EMPTY_VALUE}
              </Field>
            </SimpleGrid>
          </Paper>
          {data.visit ? (
            <Paper withBorder p="md" mt="md" data-testid="pvr-visit">
              <Text fw={600} mb="xs">
                {String(t('PvrVisit'))}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Field label={String(t('PvrVisitedAt'))}>{formatDateTime(data.visit.visitedAt, lang)}</Field>
                <Field label={String(t('PvrGeotag'))}>
                  {`${data.visit.latitude.toFixed(5)}, ${data.visit.longitude.toFixed(5)}`}
                  {data.visit.distanceM !== null
                    ? ` · ${String(t('PvrDistance', { metres: data.visit.distanceM }))}`
                    : ''}
                </Field>
                <Field label={String(t('PvrOccupancy'))}>{word('PvrOccupancy', data.visit.occupancy)}</Field>
                <Field label={String(t('PvrCondition'))}>{word('PvrCondition', data.visit.condition)}</Field>
                <Field label={String(t('PvrPersonMet'))}>{data.visit.personMet ?? EMPTY_VALUE}</Field>
                <Field label={String(t('PvrCapturedBy'))}>{data.visit.capturedBy}</Field>
                <Field label={String(t('FieldRemarks'))}>{data.visit.remarks}</Field>
                {data.review ? (
                  <Field label={String(t('PvrReviewedBy'))}>
                    {`${data.review.reviewedBy}, ${formatDateTime(data.review.reviewedAt, lang)}${data.review.remarks ? `: ${data.review.remarks}` : ''}`}
                  </Field>
                ) : null}
              </SimpleGrid>
            </Paper>
          ) : null}
        </div>
        <div>
          <MapView label={String(t('PvrMap'))} points={points} height={320} testId="pvr-map" />
        </div>
      </SimpleGrid>
      <Photos data={data} />
      {data.can.capture ? <CaptureForm data={data} /> : null}
      {data.can.review ? <ReviewPanel data={data} /> : null}
      <DataTable
        caption={String(t('PvrHistory'))}
        columns={[
          { key: 'action', label: String(t('PvrStep')), render: (row) => word('PvrStep', row.action) },
          { key: 'actor', label: String(t('PvrBy')), render: (row) => row.actor },
          { key: 'at', label: String(t('PvrWhen')), render: (row) => formatDateTime(row.at, lang) },
          { key: 'remarks', label: String(t('FieldRemarks')), render: (row) => row.remarks ?? EMPTY_VALUE },
        ]}
        rows={data.events}
        rowKey={(row) => `${row.at}-${row.action}`}
        emptyText={String(t('PvrHistoryEmpty'))}
        testId="pvr-history"
      />
    </Stack>
  );
}

function PhotoThumb({ caseId, documentId, fileName }: { caseId: number; documentId: number; fileName: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    fetchPvrPhoto(caseId, documentId)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [caseId, documentId]);
  return url ? (
    <img src={url} alt={fileName} height={120} width={160} style={{ objectFit: 'cover', borderRadius: 4 }} />
  ) : (
    <Text size="xs">{fileName}</Text>
  );
}

function Photos({ data }: { data: PvrCaseDetail }) {
  const { t } = useTranslation();
  const update = useCaseUpdate();
  const photoSchema = z.strictObject({
    file: z.instanceof(File),
  });
  const form = useZodForm(photoSchema, { file: undefined as unknown as File });
  const upload = useMutation({
    mutationFn: (file: File) => uploadPvrPhoto(data.id, file),
    onSuccess: (reply) => {
      update(reply);
      form.reset({ file: undefined as unknown as File });
    },
  });
  return (
    <Paper withBorder p="md">
      <Text fw={600} mb="xs">
        {String(t('PvrPhotos'))} ({data.photos.length})
      </Text>
      <Group gap="sm" data-testid="pvr-photos">
        {data.photos.map((photo) => (
          <PhotoThumb key={photo.id} caseId={data.id} documentId={photo.id} fileName={photo.fileName} />
        ))}
        {data.photos.length === 0 ? <Text size="sm">{String(t('PvrNoPhotos'))}</Text> : null}
      </Group>
      {data.can.capture ? (
        <ZodForm form={form} onSubmit={(input) => upload.mutateAsync(input.file)} data-testid="pvr-photo-form">
          <Group align="end" gap="sm" mt="sm">
            <FileField name="file" label={String(t('PvrPhoto'))} accept="image/png,image/jpeg" />
            <SubmitButton>{String(t('PvrAddPhoto'))}</SubmitButton>
          </Group>
          <FormErrors />
        </ZodForm>
      ) : null}
    </Paper>
  );
}

const coordinate = (schema: typeof latitudeSchema) =>
  z
    .string({ error: 'This field is required' })
    .trim()
    .min(1, 'This field is required')
    .regex(/^-?\d{1,3}(\.\d{1,8})?$/, 'must be a number in degrees, e.g. 19.11964')
    .transform(Number)
    .pipe(schema);

const captureFormSchema = z.strictObject({
  visitedOn: z.iso.date('must be a date (YYYY-MM-DD)'),
  visitedTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time (HH:MM)'),
  latitude: coordinate(latitudeSchema),
  longitude: coordinate(longitudeSchema),
  occupancy: z.enum(OCCUPANCIES, { error: 'This field is required' }),
  condition: z.enum(PROPERTY_CONDITIONS, { error: 'This field is required' }),
  personMet: z.string().trim().max(100).optional(),
  remarks: requiredRemarksSchema(500),
});

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function CaptureForm({ data }: { data: PvrCaseDetail }) {
  const { t } = useTranslation();
  const word = useCodeWord();
  const update = useCaseUpdate();
  const now = new Date();
  const form = useZodForm(captureFormSchema, {
    visitedOn: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    visitedTime: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
    latitude: '',
    longitude: '',
    occupancy: '' as never,
    condition: '' as never,
    personMet: '',
    remarks: '',
  });
  const capture = useMutation({
    mutationFn: (input: z.output<typeof captureFormSchema>) =>
      capturePvrVisit(data.id, {
        visitedAt: new Date(`${input.visitedOn}T${input.visitedTime}:00`).toISOString(),
        latitude: input.latitude,
        longitude: input.longitude,
        occupancy: input.occupancy,
        condition: input.condition,
        ...(input.personMet ? { personMet: input.personMet } : {}),
        remarks: input.remarks,
        version: data.version,
      }),
    onSuccess: (reply) => {
      update(reply);
      addToast({ title: String(t('Done')), message: String(t('PvrCaptured')), type: 'success', from: FROM });
    },
  });
  const locate = () => {
    navigator.geolocation?.getCurrentPosition(
      (position) => {
        form.setValue('latitude', position.coords.latitude.toFixed(6));
        form.setValue('longitude', position.coords.longitude.toFixed(6));
      },
      () =>
        addToast({
          title: String(t('PvrNoLocation')),
          message: String(t('PvrNoLocationHint')),
          type: 'error',
          from: FROM,
        }),
    );
  };
  return (
    <Paper withBorder p="md">
      <Text fw={600} mb="xs">
        {String(t('PvrCaptureTitle'))}
      </Text>
      <ZodForm form={form} onSubmit={(input) => capture.mutateAsync(input)} data-testid="pvr-capture-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField name="visitedOn" label={String(t('PvrVisitDate'))} />
            <TextField name="visitedTime" label={String(t('PvrVisitTime'))} placeholder="HH:MM" />
            <TextField name="latitude" label={String(t('PvrLatitude'))} placeholder="19.11964" />
            <TextField name="longitude" label={String(t('PvrLongitude'))} placeholder="72.84623" />
          </SimpleGrid>
          <div>
            <Button variant="subtle" size="compact-sm" onClick={locate}>
              {String(t('PvrUseLocation'))}
            </Button>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SelectField
              name="occupancy"
              label={String(t('PvrOccupancy'))}
              options={OCCUPANCIES.map((value) => ({ value, label: word('PvrOccupancy', value) }))}
            />
            <SelectField
              name="condition"
              label={String(t('PvrCondition'))}
              options={PROPERTY_CONDITIONS.map((value) => ({ value, label: word('PvrCondition', value) }))}
            />
          </SimpleGrid>
          <TextField name="personMet" label={String(t('PvrPersonMet'))} />
          <TextareaField name="remarks" label={String(t('FieldRemarks'))} maxLength={500} />
          <FormErrors />
          <div>
            <SubmitButton>{String(t('PvrCapture'))}</SubmitButton>
          </div>
        </Stack>
      </ZodForm>
    </Paper>
  );
}

function ReviewPanel({ data }: { data: PvrCaseDetail }) {
  const { t } = useTranslation();
  const [decision, setDecision] = useState<'approve' | 'sendBack' | null>(null);
  return (
    <Paper withBorder p="md" data-testid="pvr-review">
      <Group justify="space-between">
        <Text fw={600}>{String(t('PvrReviewTitle'))}</Text>
        <Group gap="xs">
          <Button onClick={() => setDecision('approve')}>{String(t('PvrApprove'))}</Button>
          <Button variant="outline" color="orange.9" onClick={() => setDecision('sendBack')}>
            {String(t('PvrSendBack'))}
          </Button>
        </Group>
      </Group>
      {decision ? <ReviewDialog data={data} decision={decision} onClose={() => setDecision(null)} /> : null}
    </Paper>
  );
}

function ReviewDialog({
  data,
  decision,
  onClose,
}: {
  data: PvrCaseDetail;
  decision: 'approve' | 'sendBack';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useCaseUpdate();
  const label = String(t(decision === 'approve' ? 'PvrApprove' : 'PvrSendBack'));
  const schema = z.strictObject({
    remarks: decision === 'sendBack' ? requiredRemarksSchema() : optionalRemarksSchema(),
  });
  const form = useZodForm(schema, { remarks: '' });
  const review = useMutation({
    mutationFn: (remarks: string | undefined) =>
      reviewPvrCase(data.id, { decision, version: data.version, ...(remarks ? { remarks } : {}) }),
    onSuccess: (reply) => {
      update(reply);
      addToast({ title: String(t('Done')), message: String(t('PvrReviewed')), type: 'success', from: FROM });
      onClose();
    },
  });
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={`${label}: ${data.caseNo}`}
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      <ZodForm form={form} onSubmit={(input) => review.mutateAsync(input.remarks)} data-testid="pvr-review-form">
        <Stack gap="sm">
          <TextareaField name="remarks" label={String(t('FieldRemarks'))} maxLength={500} autoFocus />
          <FormErrors />
          <div>
            <SubmitButton>{label}</SubmitButton>
          </div>
        </Stack>
      </ZodForm>
    </Modal>
  );
}

/** /collapp/delegationPage — cases waiting to be given (or given again), and who can take them, with capacity. */
export function DelegationPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('delegationPage');
  const actingUnit = useSession((session) => session.actingUnit);
  const [status, setStatus] = useState<'INITIATED' | 'SENT_BACK' | 'DELEGATED'>('INITIATED');
  const query = new URLSearchParams({ status, page: '1' });
  const cases = useQuery({
    queryKey: fieldKeys.tray(actingUnit, query.toString()),
    queryFn: ({ signal }) => fetchPvrTray(query, signal),
  });
  const delegates = useQuery({
    queryKey: fieldKeys.delegates(actingUnit),
    queryFn: ({ signal }) => fetchDelegates(signal),
  });
  const [delegating, setDelegating] = useState<PvrCaseRow | null>(null);
  const word = useCodeWord();
  const columns = usePvrColumns();
  return (
    <Stack gap="md" data-testid="delegation">
      <Title order={1}>{title}</Title>
      <Capacity data={delegates.data} isLoading={delegates.isPending} />
      <SegmentedControl
        aria-label={String(t('Status'))}
        value={status}
        onChange={(value) => setStatus(value as typeof status)}
        data={(['INITIATED', 'SENT_BACK', 'DELEGATED'] as const).map((value) => ({
          value,
          label: `${word('PvrStatus', value)} (${cases.data?.counts[value] ?? 0})`,
        }))}
      />
      <DataGrid<PvrCaseRow>
        caption={String(t('PvrToDelegate'))}
        columns={columns}
        rows={cases.data?.rows ?? []}
        rowId={(row) => row.id}
        rowLabel={(row) => row.caseNo}
        minWidth={1000}
        isLoading={cases.isPending}
        error={
          cases.isError
            ? { title: String(t('FieldLoadFailed')), error: cases.error, onRetry: () => void cases.refetch() }
            : undefined
        }
        empty={{ text: String(t('PvrNothingToDelegate')) }}
        rowActions={(row) => (
          <Button
            size="compact-xs"
            onClick={() => setDelegating(row)}
            aria-label={`${String(t('PvrDelegate'))}: ${row.caseNo}`}
          >
            {String(t('PvrDelegate'))}
          </Button>
        )}
        testIds={{ table: 'delegation-table', row: 'delegation-row', empty: 'delegation-empty' }}
      />
      {delegating && delegates.data ? (
        <DelegateDialog row={delegating} delegates={delegates.data} onClose={() => setDelegating(null)} />
      ) : null}
    </Stack>
  );
}

function Capacity({ data, isLoading }: { data: DelegatesReply | undefined; isLoading: boolean }) {
  const { t } = useTranslation();
  type Row = { key: string; name: string; kind: string; open: number; capacity: number };
  const rows: Row[] = [
    ...(data?.users ?? []).map((user) => ({
      key: `u${user.id}`,
      name: `${user.fullName} (${user.unitCode})`,
      kind: String(t('PvrAssigneeUser')),
      open: user.open,
      capacity: user.capacity,
    })),
    ...(data?.agencies ?? []).map((agency) => ({
      key: `a${agency.id}`,
      name: `${agency.name} (${agency.code})`,
      kind: String(t('PvrAssigneeAgency')),
      open: agency.open,
      capacity: agency.capacity,
    })),
  ];
  if (isLoading) return <GridLoading label={String(t('FieldLoading'))} rows={3} />;
  return (
    <DataTable<Row>
      caption={String(t('PvrCapacity'))}
      columns={[
        { key: 'name', label: String(t('PvrAssignee')), render: (row) => row.name },
        { key: 'kind', label: String(t('PvrAssigneeKind')), render: (row) => row.kind },
        {
          key: 'load',
          label: String(t('PvrLoad')),
          render: (row) => (
            <Text
              size="sm"
              c={row.open >= row.capacity ? 'red.9' : undefined}
              fw={row.open >= row.capacity ? 700 : undefined}
            >
              {`${row.open} / ${row.capacity}`}
            </Text>
          ),
        },
      ]}
      rows={rows}
      rowKey={(row) => row.key}
      emptyText={String(t('PvrNoDelegates'))}
      testId="pvr-capacity"
    />
  );
}

function DelegateDialog({
  row,
  delegates,
  onClose,
}: {
  row: PvrCaseRow;
  delegates: DelegatesReply;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const schema = z.strictObject({
    assignee: z.string({ error: 'This field is required' }).regex(/^(USER|AGENCY):\d+$/, 'This field is required'),
    dueDate: z.iso.date('must be a date (YYYY-MM-DD)'),
  });
  const form = useZodForm(schema, { assignee: '', dueDate: '' });
  const delegate = useMutation({
    mutationFn: (input: z.output<typeof schema>) => {
      const [kind, id] = input.assignee.split(':') as ['USER' | 'AGENCY', string];
      return delegatePvrCase(row.id, {
        assigneeKind: kind,
        assigneeId: Number(id),
        dueDate: input.dueDate,
        version: row.version,
      });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: fieldKeys.all() });
      addToast({
        title: String(t('Done')),
        message: String(t('PvrDelegated', { caseNo: row.caseNo })),
        type: 'success',
        from: 'collapp/delegationPage',
      });
      onClose();
    },
  });
  const options = [
    ...delegates.users.map((user) => ({
      value: `USER:${user.id}`,
      label: `${user.fullName} — ${user.open}/${user.capacity}`,
    })),
    ...delegates.agencies.map((agency) => ({
      value: `AGENCY:${agency.id}`,
      label: `${agency.name} — ${agency.open}/${agency.capacity}`,
    })),
  ];
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={`${String(t('PvrDelegate'))}: ${row.caseNo}`}
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      <ZodForm form={form} onSubmit={(input) => delegate.mutateAsync(input)} data-testid="delegate-form">
        <Stack gap="sm">
          <SelectField name="assignee" label={String(t('PvrAssignee'))} options={options} autoFocus />
          <DateField name="dueDate" label={String(t('PvrDueDate'))} />
          <FormErrors />
          <div>
            <SubmitButton>{String(t('PvrDelegate'))}</SubmitButton>
          </div>
        </Stack>
      </ZodForm>
    </Modal>
  );
}

/** /collapp/heatMap — the density of visits, or of accounts awaiting one, on the map component, with filters. */
export function HeatMapPage() {
  const { t, i18n } = useTranslation();
  const title = useRouteTitle('heatMap');
  const actingUnit = useSession((session) => session.actingUnit);
  const [params, setParams] = useSearchParams();
  const layer = params.get('layer') === 'visits' ? 'visits' : 'awaiting';
  const cell = ['1', '5', '20'].includes(params.get('cell') ?? '') ? params.get('cell')! : '1';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const query = new URLSearchParams({ layer, cell, ...(from ? { from } : {}), ...(to ? { to } : {}) });
  const heat = useQuery({
    queryKey: fieldKeys.heat(actingUnit, query.toString()),
    queryFn: ({ signal }) => fetchHeatMap(query, signal),
    placeholderData: keepPreviousData,
  });
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  const cells = heat.data?.cells ?? [];
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="md" data-testid="heat-map">
      <Title order={1}>{title}</Title>
      <Group align="end" gap="md" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" fw={500} id="heat-layer-label">
            {String(t('HeatLayer'))}
          </Text>
          <SegmentedControl
            aria-labelledby="heat-layer-label"
            value={layer}
            onChange={(value) => set('layer', value === 'awaiting' ? '' : value)}
            data={[
              { value: 'awaiting', label: String(t('HeatAwaiting')) },
              { value: 'visits', label: String(t('HeatVisits')) },
            ]}
          />
        </Stack>
        <Stack gap={2}>
          <Text size="sm" fw={500} id="heat-cell-label">
            {String(t('HeatCell'))}
          </Text>
          <SegmentedControl
            aria-labelledby="heat-cell-label"
            value={cell}
            onChange={(value) => set('cell', value === '1' ? '' : value)}
            data={[
              { value: '1', label: '1 km' },
              { value: '5', label: '5 km' },
              { value: '20', label: '20 km' },
            ]}
          />
        </Stack>
        <DateFilter label={String(t('HeatFrom'))} value={from} onChange={(value) => set('from', value)} />
        <DateFilter label={String(t('HeatTo'))} value={to} onChange={(value) => set('to', value)} />
      </Group>
      {heat.isError ? (
        <GridError
          title={String(t('FieldLoadFailed'))}
          error={heat.error}
          onRetry={() => void heat.refetch()}
          testId="heat-error"
        />
      ) : null}
      <Text size="sm" data-testid="heat-summary">
        {String(
          t(layer === 'visits' ? 'HeatSummaryVisits' : 'HeatSummaryAwaiting', {
            total: number.format(heat.data?.total ?? 0),
            cells: number.format(cells.length),
            unplaced: number.format(heat.data?.unplaced ?? 0),
          }),
        )}
      </Text>
      <MapView
        label={String(t(layer === 'visits' ? 'HeatVisits' : 'HeatAwaiting'))}
        density={cells}
        height={520}
        testId="heat"
        table={
          <DataTable<MapDensityCell>
            caption={String(t('HeatCells'))}
            columns={[
              {
                key: 'position',
                label: String(t('MapPosition')),
                render: (row) => `${row.latitude.toFixed(3)}, ${row.longitude.toFixed(3)}`,
              },
              { key: 'count', label: String(t('HeatCount')), render: (row) => number.format(row.count) },
            ]}
            rows={cells}
            rowKey={(row) => `${row.latitude},${row.longitude}`}
            emptyText={String(t('HeatEmpty'))}
            testId="heat-cells"
          />
        }
      />
    </Stack>
  );
}

function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Stack gap={2}>
      <label style={{ fontSize: 14, fontWeight: 500 }}>
        {label}
        <input
          type="date"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          style={{
            display: 'block',
            marginTop: 4,
            padding: '6px 8px',
            border: '1px solid var(--mantine-color-gray-5)',
            borderRadius: 4,
          }}
        />
      </label>
    </Stack>
  );
}
