import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  AREA_UNITS,
  FUEL_LEVELS,
  ITEM_CONDITIONS,
  PROPERTY_OCCUPANCIES,
  PHOTO_MIME_TYPES,
  type AssetInventory,
  type InventoryInput,
  type InventoryItem,
  type InventoryReply,
} from '@recovery-desk/domain/secured-assets/inventory.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { valueLabelKey, type ValueKind } from '@recovery-desk/i18n/value-labels.ts';
import { fieldErrorsOf, serverFieldName } from '../../../../components/form/server-errors.ts';
import { describeError } from '../../../../lib/describe-error.ts';
import { formatCount } from '../../../../lib/format.ts';
import { saveFile } from '../../../../lib/save-file.ts';
import { addToast } from '../../../../lib/toast-store.ts';
import { downloadCaseDocument } from '../../../workflow/api/workflow-api.ts';
import type { CaseWidgetProps, StageWidget } from '../../../workflow/widgets.ts';
import { fetchInventory, inventoryKeys, saveInventory, uploadInventoryPhoto } from '../../api/inventory-api.ts';
import { SectionLoadState } from '../../../../components/section-load-state.tsx';

// The `assetInventory` widget (a case tab "Inventory") of REPOSSESSION and SARFAESI Asset Detail Capture: the vehicle
// (registration, make and model, chassis, engine, odometer, fuel, keys, condition) or the property (address, area,
// survey / plot no., boundaries, title deed, occupancy), the inventory lines found with it, and the vehicle's photos.
// Editable while the case is at the stage (with its authority), read-only afterwards; the tab says what is still
// missing before the stage can be submitted.

const SOURCE = 'repo/inventory';

/** A coded value in the user's language (fuel level, condition, area unit, occupancy). */
function valueText(t: TFunction, kind: ValueKind, code: string): string {
  return String(t((valueLabelKey(kind, code) ?? code) as never));
}
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

type Draft = {
  registrationNo: string;
  makeModel: string;
  chassisNo: string;
  engineNo: string;
  odometerKm: string;
  fuelLevel: string;
  keysHandedOver: boolean;
  condition: string;
  address: string;
  area: string;
  areaUnit: string;
  surveyNo: string;
  boundaries: string;
  titleDeedRef: string;
  occupancy: string;
  items: { item: string; quantity: string; condition: string }[];
  remarks: string;
};

function draftOf(inventory: AssetInventory | null): Draft {
  const v = inventory?.vehicle;
  const p = inventory?.property;
  return {
    registrationNo: v?.registrationNo ?? '',
    makeModel: v?.makeModel ?? '',
    chassisNo: v?.chassisNo ?? '',
    engineNo: v?.engineNo ?? '',
    odometerKm: v ? String(v.odometerKm) : '',
    fuelLevel: v?.fuelLevel ?? '',
    keysHandedOver: v?.keysHandedOver ?? false,
    condition: v?.condition ?? '',
    address: p?.address ?? '',
    area: p ? (p.areaHundredths / 100).toFixed(2) : '',
    areaUnit: p?.areaUnit ?? 'SQ_FT',
    surveyNo: p?.surveyNo ?? '',
    boundaries: p?.boundaries ?? '',
    titleDeedRef: p?.titleDeedRef ?? '',
    occupancy: p?.occupancy ?? '',
    items: (inventory?.items ?? []).map((line) => ({ ...line, quantity: String(line.quantity) })),
    remarks: inventory?.remarks ?? '',
  };
}

/** A whole number typed by the user (NaN when it is not one, so the server names the field). */
const wholeNumber = (value: string): number => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);

/** "1200.5" → 120050 hundredths (NaN when it is not a number with at most two decimals). */
function hundredths(value: string): number {
  const match = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
}

/** The request body of a draft (the kind decides which details are sent). */
export function inputOf(kind: InventoryReply['kind'], draft: Draft): InventoryInput {
  const items = draft.items.map((line) => ({
    item: line.item.trim(),
    quantity: wholeNumber(line.quantity),
    condition: line.condition as InventoryItem['condition'],
  }));
  const remarks = draft.remarks.trim() === '' ? null : draft.remarks.trim();
  if (kind === 'VEHICLE') {
    return {
      vehicle: {
        registrationNo: draft.registrationNo.trim().toUpperCase(),
        makeModel: draft.makeModel.trim(),
        chassisNo: draft.chassisNo.trim().toUpperCase(),
        engineNo: draft.engineNo.trim().toUpperCase(),
        odometerKm: wholeNumber(draft.odometerKm),
        fuelLevel: draft.fuelLevel as never,
        keysHandedOver: draft.keysHandedOver,
        condition: draft.condition as never,
      },
      property: null,
      items,
      remarks,
    };
  }
  return {
    vehicle: null,
    property: {
      address: draft.address.trim(),
      areaHundredths: hundredths(draft.area),
      areaUnit: draft.areaUnit as never,
      surveyNo: draft.surveyNo.trim(),
      boundaries: draft.boundaries.trim(),
      titleDeedRef: draft.titleDeedRef.trim(),
      occupancy: draft.occupancy as never,
    },
    items,
    remarks,
  };
}

/** The field errors of a refused save, by the path under vehicle / property / items (e.g. "odometerKm", "items.0.item"). */
function errorsByField(error: unknown): Record<string, string> {
  return Object.fromEntries(
    fieldErrorsOf(error).map((field) => [
      serverFieldName(field.field).replace(/^(vehicle|property)\./, ''),
      field.message,
    ]),
  );
}

/** Why a chosen photo cannot be uploaded (PNG or JPEG, at most 5 MB), or null. */
export function photoProblem(file: File): 'RepoInvPhotoWrongType' | 'RepoInvPhotoTooLarge' | null {
  const byName = /\.(png|jpe?g)$/i.test(file.name);
  if (!(PHOTO_MIME_TYPES as readonly string[]).includes(file.type) && !byName) return 'RepoInvPhotoWrongType';
  if (file.size > MAX_PHOTO_BYTES) return 'RepoInvPhotoTooLarge';
  return null;
}

function ReadOnlyDetails({ data }: { data: InventoryReply }) {
  const { t, i18n } = useTranslation();
  const inventory = data.inventory;
  if (!inventory) {
    return (
      <Text size="sm" c="dark.6" data-testid="inventory-empty">
        {String(t('RepoInvNotCaptured'))}
      </Text>
    );
  }
  const pairs: [string, string][] = [];
  if (inventory.vehicle) {
    const v = inventory.vehicle;
    pairs.push(
      ['RepoInvRegistrationNo', v.registrationNo],
      ['RepoInvMakeModel', v.makeModel],
      ['RepoInvChassisNo', v.chassisNo],
      ['RepoInvEngineNo', v.engineNo],
      ['RepoInvOdometerKm', formatCount(v.odometerKm, i18n.language, 0)],
      ['RepoInvFuelLevel', valueText(t, 'fuelLevel', v.fuelLevel)],
      ['RepoInvKeysHandedOver', String(t(v.keysHandedOver ? 'Yes' : 'No'))],
      ['RepoInvCondition', valueText(t, 'itemCondition', v.condition)],
    );
  }
  if (inventory.property) {
    const p = inventory.property;
    pairs.push(
      ['RepoInvAddress', p.address],
      ['RepoInvArea', `${formatCount(p.areaHundredths / 100, i18n.language)} ${valueText(t, 'areaUnit', p.areaUnit)}`],
      ['RepoInvSurveyNo', p.surveyNo],
      ['RepoInvBoundaries', p.boundaries],
      ['RepoInvTitleDeedRef', p.titleDeedRef],
      ['RepoInvOccupancy', valueText(t, 'propertyOccupancy', p.occupancy)],
    );
  }
  if (inventory.remarks) pairs.push(['RepoInvRemarks', inventory.remarks]);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" data-testid="inventory-details">
        {pairs.map(([key, value]) => (
          <Text size="sm" key={key}>
            {String(t(key as never))}: <strong>{value}</strong>
          </Text>
        ))}
      </SimpleGrid>
      {inventory.items.length === 0 ? (
        <Text size="sm" c="dark.6">
          {String(t('RepoInvItemsEmpty'))}
        </Text>
      ) : (
        <Table striped withTableBorder data-testid="inventory-items">
          <caption className="visually-hidden">{String(t('RepoInvItemsTitle'))}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{String(t('RepoInvItem'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoInvQuantity'))}</Table.Th>
              <Table.Th scope="col">{String(t('RepoInvCondition'))}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inventory.items.map((line, index) => (
              <Table.Tr key={index}>
                <Table.Td>{line.item}</Table.Td>
                <Table.Td>{formatCount(line.quantity, i18n.language, 0)}</Table.Td>
                <Table.Td>{valueText(t, 'itemCondition', line.condition)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function InventoryForm({ data, onSaved }: { data: InventoryReply; onSaved: (reply: InventoryReply) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(data.inventory));
  const save = useMutation({
    mutationFn: (input: InventoryInput) => saveInventory(data.caseId, input),
    onSuccess: (reply) => {
      onSaved(reply);
      addToast({ title: String(t('Saved')), message: String(t('RepoInvSaved')), type: 'success', from: SOURCE });
    },
  });
  const errors = save.isError ? errorsByField(save.error) : {};
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const options = (values: readonly string[], kind: ValueKind, blank: boolean) => [
    ...(blank ? [{ value: '', label: String(t('RepoInvChoose')) }] : []),
    ...values.map((value) => ({ value, label: valueText(t, kind, value) })),
  ];
  const setLine = (index: number, patch: Partial<Draft['items'][number]>) =>
    set({ items: draft.items.map((line, i) => (i === index ? { ...line, ...patch } : line)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(inputOf(data.kind, draft));
  };

  return (
    <form onSubmit={submit} noValidate data-testid="inventory-form">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {String(t(data.kind === 'VEHICLE' ? 'RepoInvVehicleTitle' : 'RepoInvPropertyTitle'))}
        </Title>
        {data.kind === 'VEHICLE' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={String(t('RepoInvRegistrationNo'))}
              required
              maxLength={20}
              value={draft.registrationNo}
              onChange={(e) => set({ registrationNo: e.currentTarget.value })}
              error={errors.registrationNo}
            />
            <TextInput
              label={String(t('RepoInvMakeModel'))}
              required
              maxLength={120}
              value={draft.makeModel}
              onChange={(e) => set({ makeModel: e.currentTarget.value })}
              error={errors.makeModel}
            />
            <TextInput
              label={String(t('RepoInvChassisNo'))}
              required
              maxLength={30}
              value={draft.chassisNo}
              onChange={(e) => set({ chassisNo: e.currentTarget.value })}
              error={errors.chassisNo}
            />
            <TextInput
              label={String(t('RepoInvEngineNo'))}
              required
              maxLength={30}
              value={draft.engineNo}
              onChange={(e) => set({ engineNo: e.currentTarget.value })}
              error={errors.engineNo}
            />
            <TextInput
              label={String(t('RepoInvOdometerKm'))}
              required
              inputMode="numeric"
              value={draft.odometerKm}
              onChange={(e) => set({ odometerKm: e.currentTarget.value })}
              error={errors.odometerKm}
            />
            <NativeSelect
              label={String(t('RepoInvFuelLevel'))}
              required
              data={options(FUEL_LEVELS, 'fuelLevel', true)}
              value={draft.fuelLevel}
              onChange={(e) => set({ fuelLevel: e.currentTarget.value })}
              error={errors.fuelLevel}
            />
            <NativeSelect
              label={String(t('RepoInvCondition'))}
              required
              data={options(ITEM_CONDITIONS, 'itemCondition', true)}
              value={draft.condition}
              onChange={(e) => set({ condition: e.currentTarget.value })}
              error={errors.condition}
            />
            <Checkbox
              mt="lg"
              label={String(t('RepoInvKeysHandedOver'))}
              checked={draft.keysHandedOver}
              onChange={(e) => set({ keysHandedOver: e.currentTarget.checked })}
            />
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Textarea
              label={String(t('RepoInvAddress'))}
              required
              maxLength={500}
              autosize
              minRows={2}
              value={draft.address}
              onChange={(e) => set({ address: e.currentTarget.value })}
              error={errors.address}
            />
            <Textarea
              label={String(t('RepoInvBoundaries'))}
              required
              maxLength={500}
              autosize
              minRows={2}
              value={draft.boundaries}
              onChange={(e) => set({ boundaries: e.currentTarget.value })}
              error={errors.boundaries}
            />
            <TextInput
              label={String(t('RepoInvArea'))}
              required
              inputMode="decimal"
              value={draft.area}
              onChange={(e) => set({ area: e.currentTarget.value })}
              error={errors.areaHundredths}
            />
            <NativeSelect
              label={String(t('RepoInvAreaUnit'))}
              required
              data={options(AREA_UNITS, 'areaUnit', false)}
              value={draft.areaUnit}
              onChange={(e) => set({ areaUnit: e.currentTarget.value })}
              error={errors.areaUnit}
            />
            <TextInput
              label={String(t('RepoInvSurveyNo'))}
              required
              maxLength={60}
              value={draft.surveyNo}
              onChange={(e) => set({ surveyNo: e.currentTarget.value })}
              error={errors.surveyNo}
            />
            <TextInput
              label={String(t('RepoInvTitleDeedRef'))}
              required
              maxLength={60}
              value={draft.titleDeedRef}
              onChange={(e) => set({ titleDeedRef: e.currentTarget.value })}
              error={errors.titleDeedRef}
            />
            <NativeSelect
              label={String(t('RepoInvOccupancy'))}
              required
              data={options(PROPERTY_OCCUPANCIES, 'propertyOccupancy', true)}
              value={draft.occupancy}
              onChange={(e) => set({ occupancy: e.currentTarget.value })}
              error={errors.occupancy}
            />
          </SimpleGrid>
        )}

        <Title order={3} size="h5">
          {String(t('RepoInvItemsTitle'))}
        </Title>
        {draft.items.length === 0 ? (
          <Text size="sm" c="dark.6">
            {String(t('RepoInvItemsEmpty'))}
          </Text>
        ) : null}
        {draft.items.map((line, index) => (
          <Group key={index} align="flex-end" gap="sm" data-testid={`inventory-line-${index}`}>
            <TextInput
              label={String(t('RepoInvItem'))}
              required
              maxLength={120}
              value={line.item}
              onChange={(e) => setLine(index, { item: e.currentTarget.value })}
              error={errors[`items.${index}.item`]}
            />
            <TextInput
              label={String(t('RepoInvQuantity'))}
              required
              inputMode="numeric"
              w={110}
              value={line.quantity}
              onChange={(e) => setLine(index, { quantity: e.currentTarget.value })}
              error={errors[`items.${index}.quantity`]}
            />
            <NativeSelect
              label={String(t('RepoInvCondition'))}
              required
              data={options(ITEM_CONDITIONS, 'itemCondition', false)}
              value={line.condition}
              onChange={(e) => setLine(index, { condition: e.currentTarget.value })}
              error={errors[`items.${index}.condition`]}
            />
            <Button
              variant="default"
              color="red"
              aria-label={String(t('RepoInvRemoveItemOf', { item: line.item || index + 1 }))}
              onClick={() => set({ items: draft.items.filter((_, i) => i !== index) })}
            >
              {String(t('RepoInvRemoveItem'))}
            </Button>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            onClick={() => set({ items: [...draft.items, { item: '', quantity: '1', condition: 'GOOD' }] })}
            data-testid="inventory-add-line"
          >
            {String(t('RepoInvAddItem'))}
          </Button>
        </Group>
        <Textarea
          label={String(t('RepoInvRemarks'))}
          maxLength={1000}
          autosize
          minRows={2}
          value={draft.remarks}
          onChange={(e) => set({ remarks: e.currentTarget.value })}
          error={errors.remarks}
        />
        {save.isError && Object.keys(errors).length === 0 ? (
          <Alert color="red" variant="outline" role="alert">
            {describeError(save.error, t)}
          </Alert>
        ) : null}
        {save.isError && Object.keys(errors).length > 0 ? (
          <Text size="sm" c="red.9" role="alert">
            {String(t('RepoInvFixFields'))}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="inventory-save">
            {String(t('RepoInvSave'))}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Photos({ data, editable, onUploaded }: { data: InventoryReply; editable: boolean; onUploaded: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const problem = file ? photoProblem(file) : null;
  const upload = useMutation({
    mutationFn: (chosen: File) => uploadInventoryPhoto(data.caseId, data.photoCode, chosen),
    onSuccess: () => {
      setFile(null);
      onUploaded();
      addToast({ title: String(t('Saved')), message: String(t('RepoInvPhotoAdded')), type: 'success', from: SOURCE });
    },
  });
  const download = useMutation({
    mutationFn: (documentId: number) => downloadCaseDocument(data.caseId, documentId),
    onSuccess: (downloaded) => saveFile(downloaded, 'photo'),
    onError: (error) =>
      addToast({
        title: String(t('RepoInvPhotoDownloadFailed')),
        message: describeError(error, t),
        type: 'error',
        from: SOURCE,
      }),
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="inventory-photos-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="inventory-photos-title">
          {String(t('RepoInvPhotosTitle'))}
        </Title>
        {data.photos.length === 0 ? (
          <Text size="sm" c="dark.6" data-testid="inventory-photos-empty">
            {String(t('RepoInvPhotosEmpty'))}
          </Text>
        ) : (
          <Stack gap={4} data-testid="inventory-photos">
            {data.photos.map((photo) => (
              <Group key={photo.documentId} gap="sm">
                <Text size="sm">{photo.fileName}</Text>
                <Button
                  size="xs"
                  variant="default"
                  loading={download.isPending && download.variables === photo.documentId}
                  onClick={() => download.mutate(photo.documentId)}
                  aria-label={String(t('RepoInvPhotoDownloadOf', { name: photo.fileName }))}
                >
                  {String(t('RepoInvPhotoDownload'))}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {editable ? (
          <Group align="flex-end" gap="sm">
            <FileInput
              label={String(t('RepoInvPhotoChoose'))}
              accept="image/png,image/jpeg"
              value={file}
              onChange={setFile}
              clearable
              error={problem ? String(t(problem)) : upload.isError ? describeError(upload.error, t) : undefined}
              data-testid="inventory-photo-input"
              w={320}
            />
            <Button
              variant="default"
              disabled={!file || problem !== null}
              loading={upload.isPending}
              onClick={() => file && upload.mutate(file)}
              data-testid="inventory-photo-upload"
            >
              {String(t('RepoInvPhotoUpload'))}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function AssetInventoryTab({ view, canAct, onReload }: CaseWidgetProps) {
  const { t } = useTranslation();
  const caseId = view.case.caseId;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: inventoryKeys.ofCase(caseId),
    queryFn: ({ signal }) => fetchInventory(caseId, signal),
  });

  if (query.isPending || query.isError) {
    return (
      <SectionLoadState query={query} loading={String(t('RepoInvLoading'))} failed={String(t('RepoInvLoadFailed'))} />
    );
  }
  const data = query.data;
  const editable = data.editable && canAct;
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: inventoryKeys.ofCase(caseId) });
    onReload();
  };

  return (
    <Stack gap="md" data-testid="asset-inventory">
      {data.missing.length === 0 ? (
        <Text size="sm" c="dark.6" data-testid="inventory-status">
          {String(t('RepoInvComplete'))}
        </Text>
      ) : (
        <Stack gap={2} data-testid="inventory-status">
          {data.missing.map((what) => (
            <Text size="sm" c="red.9" key={what}>
              {String(t(what === 'inventory' ? 'RepoInvMissingDetails' : 'RepoInvMissingPhotos'))}
            </Text>
          ))}
        </Stack>
      )}
      {editable ? (
        <Paper withBorder p="md" radius="md">
          <InventoryForm
            data={data}
            onSaved={(reply) => {
              queryClient.setQueryData(inventoryKeys.ofCase(caseId), reply);
              onReload();
            }}
          />
        </Paper>
      ) : (
        <Stack gap="xs">
          {data.stage !== 'AssetDtlCapture' ? (
            <Text size="sm" c="dark.6">
              {String(t('RepoInvReadOnly'))}
            </Text>
          ) : null}
          <ReadOnlyDetails data={data} />
        </Stack>
      )}
      {data.kind === 'VEHICLE' || data.photos.length > 0 || editable ? (
        <Photos data={data} editable={editable} onUploaded={reload} />
      ) : null}
    </Stack>
  );
}

export const stageWidget: StageWidget = {
  name: 'assetInventory',
  caseTab: { labelKey: 'RepoInventoryTab', Component: AssetInventoryTab },
};
