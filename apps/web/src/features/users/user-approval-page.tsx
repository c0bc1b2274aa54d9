import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  NativeSelect,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { APP_CODES } from '@recovery-desk/domain/apps.ts';
import { APPROVAL_TABS, type ApprovalRow, type ApprovalTab } from '@recovery-desk/domain/approvals/contracts.ts';
import { ALL_AUTHORITY_CODES } from '@recovery-desk/domain/authorities.ts';
import { decisionNeedsRemarks, remarksSchemaFor } from '@recovery-desk/domain/remarks.ts';
import { MESSAGES } from '@recovery-desk/domain/validation.ts';
import { findRouteByName } from '@recovery-desk/domain/route-catalogue.ts';
import {
  ACCOUNT_VIEW_TABS,
  USER_STATUSES,
  diffUserSnapshots,
  userChangePayloadSchema,
  userFormSchema,
  userListQuerySchema,
  type UserChangeLine,
  type UserChangeRequest,
  type UserChangeResubmit,
  type UserFormValues,
  type UserRow,
  type UserSnapshot,
} from '@recovery-desk/domain/users/contracts.ts';
import { authorityLabel } from '@recovery-desk/i18n/authority-labels.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { DataGrid, EMPTY_VALUE, type GridColumn } from '../../components/data-grid/data-grid.tsx';
import {
  CheckboxGroupField,
  FormErrors,
  SelectField,
  SubmitButton,
  TextField,
  TextareaField,
  ZodForm,
  useZodForm,
} from '../../components/form/index.ts';
import { PagePager } from '../../components/page-pager.tsx';
import { RemarksDialog } from '../../components/remarks-dialog.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { translateKey } from '../../lib/i18n/dynamic-key.ts';
import { useSession } from '../../lib/session-store.ts';
import { addToast } from '../../lib/toast-store.ts';
import { useUrlState } from '../../lib/url-state.ts';
import {
  decideUserChange,
  fetchUser,
  fetchUserRequests,
  fetchUserUnits,
  fetchUsers,
  requestUserChange,
  resubmitUserChange,
  usersKeys,
  withdrawUserChange,
} from './api.ts';

// User Approval (docs/architecture.md "User Approval"): the users of the acting unit's subtree (search, unit and
// status filters in the address, paging), a request form to create or edit a user (units, authorities and each
// tab's editability), deactivate, reactivate and reset password — every one a USER_CHANGE request — and the
// requests by tab, each with its diff, which a second administrator approves, rejects or pushes back; the maker finds a
// pushed-back request under My requests → Pushed back, with the checker's remarks and the form prefilled, and
// resubmits it.

const PAGE_SIZE = 25;

type Translate = TFunction;

const STATUS_COLORS: Record<string, string> = {
  PENDING: 'blue.9',
  APPROVED: 'green.9',
  REJECTED: 'red.9',
  PUSHBACK: 'orange.9',
  WITHDRAWN: 'gray.8',
};

const TAB_KEYS = {
  pending: 'UsrTabPending',
  approved: 'UsrTabApproved',
  rejected: 'UsrTabRejected',
  pushback: 'UsrTabPushback',
} as const satisfies Record<ApprovalTab, string>;

const ACTION_KEYS = {
  CREATE: 'UsrActionCreate',
  UPDATE: 'UsrActionUpdate',
  DEACTIVATE: 'UsrActionDeactivate',
  REACTIVATE: 'UsrActionReactivate',
  RESET_PASSWORD: 'UsrActionResetPassword',
} as const;

const FIELD_KEYS = {
  username: 'UsrUsername',
  fullName: 'UsrFullName',
  email: 'UsrEmail',
  mobile: 'UsrMobile',
  isActive: 'UsrStatus',
} as const;

const tabLabel = (t: Translate, name: string) => translateKey(t, `UsrTab${name}`, name);
const appLabel = (t: Translate, app: string) => translateKey(t, `UsrApp${app}`, app);
const authLabel = (t: Translate, code: string, app?: string) =>
  authorityLabel(code, (key, fallback) => translateKey(t, key, fallback), app);

function useDateTime() {
  const { i18n } = useTranslation();
  return (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : EMPTY_VALUE);
}

function tabsText(t: Translate, tabs: { name: string; editable: boolean }[]): string {
  if (tabs.length === 0) return String(t('UsrNoTabs'));
  return tabs
    .map((tab) => (tab.editable ? `${tabLabel(t, tab.name)} (${String(t('UsrEditable'))})` : tabLabel(t, tab.name)))
    .join(', ');
}

/** One line of a request's diff, in words. */
export function changeLineText(t: Translate, line: UserChangeLine): string {
  if (line.kind === 'field') {
    const value = (text: string | null) =>
      line.field === 'isActive'
        ? String(t(text === 'true' ? 'UsrStatusACTIVE' : 'UsrStatusINACTIVE'))
        : (text ?? EMPTY_VALUE);
    return `${String(t(FIELD_KEYS[line.field]))}: ${value(line.before)} → ${value(line.after)}`;
  }
  if (line.kind === 'unit') {
    return String(t(line.change === 'added' ? 'UsrUnitAdded' : 'UsrUnitRemoved', { unit: line.unit }));
  }
  const key = ({ added: 'UsrGrantAdded', removed: 'UsrGrantRemoved', changed: 'UsrGrantChanged' } as const)[
    line.change
  ];
  return String(
    t(key, {
      authority: authLabel(t, line.systemAuth, line.app),
      app: appLabel(t, line.app),
      unit: line.unit,
      tabs: tabsText(t, line.tabs),
    }),
  );
}

function payloadOf(row: ApprovalRow) {
  const parsed = userChangePayloadSchema.safeParse(row.payload);
  return parsed.success ? parsed.data : null;
}

function subjectOf(row: ApprovalRow): string {
  const payload = payloadOf(row);
  return (
    row.subjectLabel ?? (payload ? `${payload.after.username} · ${payload.after.fullName}` : String(row.subjectId))
  );
}

/** A pushed-back request its maker edits and resubmits (the checker's remarks are on the row). */
type Resubmit = { row: ApprovalRow };

/** Sends a new request, or a pushed-back one again with the version read (same action and user). */
function sendChange(body: UserChangeRequest, resubmit: Resubmit | undefined) {
  return resubmit
    ? resubmitUserChange(resubmit.row.id, { ...body, version: resubmit.row.version } as UserChangeResubmit)
    : requestUserChange(body);
}

/** The checker's remarks on a pushed-back request, above the form its maker resubmits. */
function PushbackRemarks({ resubmit }: { resubmit: Resubmit | undefined }) {
  const { t } = useTranslation();
  if (!resubmit) return null;
  return (
    <Alert
      color="orange.9"
      variant="outline"
      title={String(t('UsrCheckerRemarks'))}
      data-testid="user-pushback-remarks"
    >
      {resubmit.row.remarks ?? EMPTY_VALUE}
    </Alert>
  );
}

/** The form's values of a user as it stands (or empty for a new one). */
function formValuesOf(user: UserSnapshot | null): UserFormValues {
  return {
    username: user?.username ?? '',
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
    units: (user?.units ?? []).map((unit) => String(unit.id)),
    authorities: (user?.authorities ?? []).map((grant) => ({
      unitId: String(grant.unitId),
      app: grant.app,
      systemAuth: grant.systemAuth as UserFormValues['authorities'][number]['systemAuth'],
      tabs: grant.tabs.map((tab) => tab.name) as UserFormValues['authorities'][number]['tabs'],
      editableTabs: grant.tabs
        .filter((tab) => tab.editable)
        .map((tab) => tab.name) as UserFormValues['authorities'][number]['editableTabs'],
    })),
    remarks: '',
  };
}

/** The form's output as the request's user details (a tab marked editable is also shown). */
function detailsOf(values: z.output<typeof userFormSchema>) {
  return {
    fullName: values.fullName,
    email: values.email,
    mobile: values.mobile ? values.mobile : null,
    units: values.units.map(Number),
    authorities: values.authorities.map((grant) => ({
      unitId: Number(grant.unitId),
      app: grant.app,
      systemAuth: grant.systemAuth,
      tabs: ACCOUNT_VIEW_TABS.filter((name) => grant.tabs.includes(name) || grant.editableTabs.includes(name)).map(
        (name) => ({ name, editable: grant.editableTabs.includes(name) }),
      ),
    })),
  };
}

function UserForm({
  user,
  initial,
  resubmit,
  onClose,
}: {
  /** the user an edit changes (null: a new user) */
  user: { id: number; snapshot: UserSnapshot } | null;
  /** what the form starts from when it is not the user as they stand (a pushed-back request's change) */
  initial?: UserSnapshot;
  resubmit?: Resubmit;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const actingUnit = useSession((session) => session.actingUnit);
  const units = useQuery({ queryKey: usersKeys.units(actingUnit), queryFn: ({ signal }) => fetchUserUnits(signal) });
  const form = useZodForm(userFormSchema, formValuesOf(initial ?? user?.snapshot ?? null));
  const grants = useFieldArray({ control: form.control, name: 'authorities' });
  const chosenUnits = form.watch('units');
  const submit = useMutation({
    mutationFn: (values: z.output<typeof userFormSchema>) => {
      const remarks = values.remarks ? { remarks: values.remarks } : {};
      const body: UserChangeRequest = user
        ? { action: 'UPDATE', userId: user.id, user: detailsOf(values), ...remarks }
        : { action: 'CREATE', user: { username: values.username, ...detailsOf(values) }, ...remarks };
      return sendChange(body, resubmit);
    },
    onSuccess: () => {
      const message = String(t(resubmit ? 'UsrResubmitted' : 'UsrRequested'));
      addToast({ title: String(t('Done')), message, type: 'success', from: 'users' });
      void queryClient.invalidateQueries({ queryKey: usersKeys.all() });
      onClose();
    },
  });
  const unitOptions = (units.data?.units ?? []).map((unit) => ({
    value: String(unit.id),
    label: `${unit.code} · ${unit.name}`,
  }));
  const grantUnitOptions = unitOptions.filter((option) => chosenUnits.includes(option.value));
  const tabOptions = ACCOUNT_VIEW_TABS.map((name) => ({ value: name, label: tabLabel(t, name) }));
  const title = resubmit
    ? String(t('UsrResubmitTitle', { user: subjectOf(resubmit.row) }))
    : user
      ? String(t('UsrEditTitle', { username: user.snapshot.username }))
      : String(t('UsrCreateTitle'));
  return (
    <Modal opened onClose={onClose} size="xl" title={title} closeButtonProps={{ 'aria-label': String(t('Close')) }}>
      <ZodForm form={form} onSubmit={(values) => submit.mutateAsync(values)} data-testid="user-form">
        <Stack gap="sm">
          <PushbackRemarks resubmit={resubmit} />
          <TextField name="username" label={String(t('UsrUsername'))} disabled={user !== null} autoFocus={!user} />
          <TextField name="fullName" label={String(t('UsrFullName'))} />
          <TextField name="email" label={String(t('UsrEmail'))} type="email" />
          <TextField name="mobile" label={String(t('UsrMobile'))} inputMode="tel" />
          {units.isError ? (
            <Alert color="red" role="alert">
              {String(t('UsrLoadFailed'))}
            </Alert>
          ) : null}
          <CheckboxGroupField name="units" label={String(t('UsrUnits'))} options={unitOptions} required />
          <Title order={3} size="h5">
            {String(t('UsrAuthorities'))}
          </Title>
          {grants.fields.length === 0 ? <Text c="dimmed">{String(t('UsrNoAuthorities'))}</Text> : null}
          {grants.fields.map((field, index) => (
            <Stack
              key={field.id}
              gap="xs"
              p="sm"
              style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
            >
              <Group grow align="start">
                <SelectField
                  name={`authorities.${index}.unitId`}
                  label={String(t('UsrUnit'))}
                  options={grantUnitOptions}
                />
                <SelectField
                  name={`authorities.${index}.app`}
                  label={String(t('UsrApp'))}
                  options={APP_CODES.map((app) => ({ value: app, label: appLabel(t, app) }))}
                />
                <SelectField
                  name={`authorities.${index}.systemAuth`}
                  label={String(t('UsrAuthority'))}
                  options={ALL_AUTHORITY_CODES.map((code) => ({
                    value: code,
                    label: `${authLabel(t, code)} (${code})`,
                  }))}
                />
              </Group>
              <CheckboxGroupField
                name={`authorities.${index}.tabs`}
                label={String(t('UsrTabs'))}
                options={tabOptions}
              />
              <CheckboxGroupField
                name={`authorities.${index}.editableTabs`}
                label={String(t('UsrEditableTabs'))}
                options={tabOptions}
              />
              <div>
                <Button variant="outline" color="red.9" size="compact-sm" onClick={() => grants.remove(index)}>
                  {String(t('UsrRemoveAuthority'))}
                </Button>
              </div>
            </Stack>
          ))}
          <div>
            <Button
              variant="outline"
              size="compact-sm"
              onClick={() =>
                grants.append({
                  unitId: chosenUnits[0] ?? '',
                  app: 'collapp',
                  systemAuth: '' as never,
                  tabs: [],
                  editableTabs: [],
                })
              }
            >
              {String(t('UsrAddAuthority'))}
            </Button>
          </div>
          <TextareaField name="remarks" label={String(t('UsrRemarks'))} maxLength={500} />
          <FormErrors />
          <div>
            <SubmitButton>{String(t(resubmit ? 'UsrResubmitButton' : 'UsrSubmitRequest'))}</SubmitButton>
          </div>
        </Stack>
      </ZodForm>
    </Modal>
  );
}

/** Deactivate, reactivate or reset password: a request with its reason (or a pushed-back one, resubmitted). */
function SimpleRequestDialog({
  row,
  action,
  resubmit,
  onClose,
}: {
  row: Pick<UserRow, 'id' | 'username'>;
  action: 'DEACTIVATE' | 'REACTIVATE' | 'RESET_PASSWORD';
  resubmit?: Resubmit;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const label = String(t(ACTION_KEYS[action]));
  return (
    <RemarksDialog
      title={`${label}: ${row.username}`}
      remarksLabel={String(t('UsrReason'))}
      rule={action === 'RESET_PASSWORD' ? 'approve' : 'reject'}
      submitLabel={resubmit ? String(t('UsrResubmitButton')) : label}
      danger={action === 'DEACTIVATE'}
      testId="user-simple-form"
      before={<PushbackRemarks resubmit={resubmit} />}
      send={(remarks) =>
        sendChange({ action, userId: row.id, ...(remarks ? { remarks } : {}) } as UserChangeRequest, resubmit)
      }
      done={{
        message: String(t(resubmit ? 'UsrResubmitted' : 'UsrRequested')),
        from: 'users',
        invalidate: usersKeys.all(),
      }}
      onClose={onClose}
    />
  );
}

/** Opens the edit form once the user is loaded. */
function EditUser({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const user = useQuery({ queryKey: usersKeys.user(actingUnit, id), queryFn: ({ signal }) => fetchUser(id, signal) });
  if (user.isError) {
    return (
      <Modal
        opened
        onClose={onClose}
        title={String(t('UsrLoadFailed'))}
        closeButtonProps={{ 'aria-label': String(t('Close')) }}
      >
        <Alert color="red" role="alert">
          {String(t('UsrLoadFailed'))}
        </Alert>
      </Modal>
    );
  }
  return user.data ? <UserForm user={{ id, snapshot: user.data.user }} onClose={onClose} /> : null;
}

const listDefinition = {
  schema: userListQuerySchema,
  defaults: { search: '', unitId: null as number | null, status: null as string | null, page: 1 },
};

function UsersTab() {
  const { t } = useTranslation();
  const actingUnit = useSession((session) => session.actingUnit);
  const [state, setState] = useUrlState(listDefinition);
  const [typed, setTyped] = useState(state.search);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [acting, setActing] = useState<{ row: UserRow; action: 'DEACTIVATE' | 'REACTIVATE' | 'RESET_PASSWORD' } | null>(
    null,
  );
  const units = useQuery({ queryKey: usersKeys.units(actingUnit), queryFn: ({ signal }) => fetchUserUnits(signal) });
  const query = new URLSearchParams({ page: String(state.page) });
  if (state.search) query.set('search', state.search);
  if (state.unitId) query.set('unitId', String(state.unitId));
  if (state.status) query.set('status', state.status);
  const list = useQuery({
    queryKey: usersKeys.list(actingUnit, query.toString()),
    queryFn: ({ signal }) => fetchUsers(query, signal),
    placeholderData: keepPreviousData,
  });
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setState({ ...state, search: typed.trim(), page: 1 });
  };
  const columns: GridColumn<UserRow>[] = [
    { key: 'username', header: String(t('UsrUsername')), cell: (row) => row.username },
    { key: 'fullName', header: String(t('UsrFullName')), cell: (row) => row.fullName },
    { key: 'email', header: String(t('UsrEmail')), cell: (row) => row.email },
    { key: 'mobile', header: String(t('UsrMobile')), cell: (row) => row.mobile ?? EMPTY_VALUE },
    { key: 'units', header: String(t('UsrUnits')), cell: (row) => row.units.join(', ') },
    {
      key: 'status',
      header: String(t('UsrStatus')),
      cell: (row) => (
        <Group gap={4}>
          <Badge variant={row.isActive ? 'filled' : 'outline'} color={row.isActive ? 'green.9' : 'gray.8'}>
            {String(t(row.isActive ? 'UsrStatusACTIVE' : 'UsrStatusINACTIVE'))}
          </Badge>
          {row.openRequestId ? (
            <Badge variant="outline" color="blue.9">
              {String(t('UsrPendingChange'))}
            </Badge>
          ) : null}
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="end">
        <form onSubmit={onSearch} aria-label={String(t('UsrFilters'))}>
          <Group align="end" gap="sm">
            <TextInput
              id="users-search"
              label={String(t('UsrSearch'))}
              value={typed}
              maxLength={100}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            <NativeSelect
              id="users-unit"
              label={String(t('UsrUnit'))}
              value={state.unitId ? String(state.unitId) : ''}
              onChange={(event) =>
                setState({
                  ...state,
                  unitId: event.currentTarget.value ? Number(event.currentTarget.value) : null,
                  page: 1,
                })
              }
              data={[
                { value: '', label: String(t('UsrAllUnits')) },
                ...(units.data?.units ?? []).map((unit) => ({
                  value: String(unit.id),
                  label: `${unit.code} · ${unit.name}`,
                })),
              ]}
            />
            <NativeSelect
              id="users-status"
              label={String(t('UsrStatus'))}
              value={state.status ?? ''}
              onChange={(event) => setState({ ...state, status: event.currentTarget.value || null, page: 1 })}
              data={[
                { value: '', label: String(t('UsrAllStatuses')) },
                ...USER_STATUSES.map((status) => ({ value: status, label: String(t(`UsrStatus${status}`)) })),
              ]}
            />
            <Button type="submit">{String(t('UsrSearchButton'))}</Button>
          </Group>
        </form>
        <Button onClick={() => setCreating(true)}>{String(t('UsrCreate'))}</Button>
      </Group>
      <DataGrid<UserRow>
        caption={String(t('UsrUsersCaption'))}
        columns={columns}
        rows={list.data?.rows ?? []}
        rowId={(row) => row.id}
        rowLabel={(row) => row.username}
        listKey="users"
        minWidth={1000}
        isLoading={list.isPending}
        isBusy={list.isFetching}
        error={
          list.isError
            ? { title: String(t('UsrLoadFailed')), error: list.error, onRetry: () => void list.refetch() }
            : undefined
        }
        empty={{ text: String(t('UsrUsersEmpty')) }}
        rowActions={(row) =>
          row.openRequestId ? null : (
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-xs"
                variant="outline"
                onClick={() => setEditing(row.id)}
                aria-label={`${String(t('UsrEdit'))}: ${row.username}`}
              >
                {String(t('UsrEdit'))}
              </Button>
              <Button
                size="compact-xs"
                variant="outline"
                color={row.isActive ? 'red.9' : 'blue.9'}
                onClick={() => setActing({ row, action: row.isActive ? 'DEACTIVATE' : 'REACTIVATE' })}
                aria-label={`${String(t(row.isActive ? 'UsrActionDeactivate' : 'UsrActionReactivate'))}: ${row.username}`}
              >
                {String(t(row.isActive ? 'UsrActionDeactivate' : 'UsrActionReactivate'))}
              </Button>
              {row.isActive ? (
                <Button
                  size="compact-xs"
                  variant="outline"
                  onClick={() => setActing({ row, action: 'RESET_PASSWORD' })}
                  aria-label={`${String(t('UsrActionResetPassword'))}: ${row.username}`}
                >
                  {String(t('UsrActionResetPassword'))}
                </Button>
              ) : null}
            </Group>
          )
        }
        testIds={{ table: 'users-table', row: 'users-row', empty: 'users-empty' }}
      />
      <PagePager
        page={state.page}
        pageSize={list.data?.pageSize ?? PAGE_SIZE}
        count={list.data && !list.isPlaceholderData ? list.data.total : undefined}
        isBusy={list.isFetching}
        onChange={(next) => setState({ ...state, page: next })}
      />
      {creating ? <UserForm user={null} onClose={() => setCreating(false)} /> : null}
      {editing !== null ? <EditUser id={editing} onClose={() => setEditing(null)} /> : null}
      {acting ? <SimpleRequestDialog {...acting} onClose={() => setActing(null)} /> : null}
    </Stack>
  );
}

function RequestDialog({ row, canDecide, onClose }: { row: ApprovalRow; canDecide: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const decision = useRef<'approve' | 'reject' | 'pushback'>('approve');
  const payload = payloadOf(row);
  const lines = payload ? diffUserSnapshots(payload.before, payload.after) : [];
  const form = useZodForm(z.strictObject({ remarks: remarksSchemaFor('approve') }), { remarks: '' });
  const decide = useMutation({
    mutationFn: ({ verb, remarks }: { verb: 'approve' | 'reject' | 'pushback'; remarks: string | undefined }) =>
      decideUserChange(row.id, verb, { version: row.version, ...(remarks ? { remarks } : {}) }),
    onSuccess: (_reply, { verb }) => {
      const message = String(t(verb === 'pushback' ? 'UsrPushedBack' : 'UsrDecided'));
      addToast({ title: String(t('Done')), message, type: 'success', from: 'users' });
      void queryClient.invalidateQueries({ queryKey: usersKeys.all() });
      onClose();
    },
  });
  // A rejection or a pushback says why (remarks.ts): the one form checks that for the button pressed.
  const onDecide = async (input: { remarks?: string | undefined }) => {
    const verb = decision.current;
    if (decisionNeedsRemarks(verb) && !input.remarks) {
      form.setError('remarks', { type: 'required', message: MESSAGES.required });
      return;
    }
    await decide.mutateAsync({ verb, remarks: input.remarks });
  };
  const action = payload ? String(t(ACTION_KEYS[payload.action])) : EMPTY_VALUE;
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={`${action}: ${subjectOf(row)}`}
      closeButtonProps={{ 'aria-label': String(t('Close')) }}
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          {String(t('UsrChanges'))}
        </Title>
        {lines.length === 0 ? (
          <Text>
            {payload?.action === 'RESET_PASSWORD' ? String(t('UsrResetExplained')) : String(t('UsrNoChanges'))}
          </Text>
        ) : (
          <List data-testid="user-change-diff" spacing={4}>
            {lines.map((line, index) => (
              <List.Item key={index}>{changeLineText(t, line)}</List.Item>
            ))}
          </List>
        )}
        {row.remarks ? (
          <Text>
            {String(t(row.status === 'PUSHBACK' ? 'UsrCheckerRemarks' : 'UsrRemarks'))}: {row.remarks}
          </Text>
        ) : null}
        {canDecide ? (
          <ZodForm form={form} onSubmit={onDecide} data-testid="user-decision-form">
            <Stack gap="sm">
              <TextareaField name="remarks" label={String(t('UsrRemarks'))} maxLength={500} />
              <FormErrors />
              <Group>
                <SubmitButton onClick={() => (decision.current = 'approve')}>{String(t('UsrApprove'))}</SubmitButton>
                <Button
                  type="submit"
                  color="orange.9"
                  variant="outline"
                  onClick={() => (decision.current = 'pushback')}
                >
                  {String(t('UsrPushback'))}
                </Button>
                <Button type="submit" color="red.9" variant="outline" onClick={() => (decision.current = 'reject')}>
                  {String(t('UsrReject'))}
                </Button>
              </Group>
            </Stack>
          </ZodForm>
        ) : null}
      </Stack>
    </Modal>
  );
}

/** The maker's pushed-back request, edited and resubmitted: the form prefilled with the change as requested. */
function ResubmitDialog({ row, onClose }: { row: ApprovalRow; onClose: () => void }) {
  const payload = payloadOf(row);
  if (!payload) return null;
  const resubmit = { row };
  if (payload.action === 'CREATE') {
    return <UserForm user={null} initial={payload.after} resubmit={resubmit} onClose={onClose} />;
  }
  if (payload.action === 'UPDATE') {
    return (
      <UserForm
        user={{ id: row.subjectId, snapshot: payload.before ?? payload.after }}
        initial={payload.after}
        resubmit={resubmit}
        onClose={onClose}
      />
    );
  }
  return (
    <SimpleRequestDialog
      row={{ id: row.subjectId, username: payload.after.username }}
      action={payload.action}
      resubmit={resubmit}
      onClose={onClose}
    />
  );
}

/** The maker's pushed-back request, withdrawn (remarks optional): it ends without a decision. */
function WithdrawDialog({ row, onClose }: { row: ApprovalRow; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <RemarksDialog
      title={String(t('UsrWithdrawTitle', { user: subjectOf(row) }))}
      remarksLabel={String(t('UsrRemarks'))}
      rule="approve"
      submitLabel={String(t('UsrWithdraw'))}
      danger
      testId="user-withdraw-form"
      before={<PushbackRemarks resubmit={{ row }} />}
      send={(remarks) => withdrawUserChange(row.id, { version: row.version, ...(remarks ? { remarks } : {}) })}
      done={{ message: String(t('UsrWithdrawn')), from: 'users', invalidate: usersKeys.all() }}
      onClose={onClose}
    />
  );
}

function RequestsTab() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const actingUnit = useSession((session) => session.actingUnit);
  const [tab, setTab] = useState<ApprovalTab>('pending');
  const [view, setView] = useState<'team' | 'my'>('team');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ApprovalRow | null>(null);
  const [resubmitting, setResubmitting] = useState<ApprovalRow | null>(null);
  const [withdrawing, setWithdrawing] = useState<ApprovalRow | null>(null);
  const query = new URLSearchParams({ tab, view, page: String(page), pageSize: String(PAGE_SIZE) });
  const list = useQuery({
    queryKey: usersKeys.requests(actingUnit, query.toString()),
    queryFn: ({ signal }) => fetchUserRequests(query, signal),
    placeholderData: keepPreviousData,
  });
  const columns: GridColumn<ApprovalRow>[] = [
    { key: 'user', header: String(t('UsrUser')), cell: subjectOf },
    {
      key: 'action',
      header: String(t('UsrAction')),
      cell: (row) => {
        const payload = payloadOf(row);
        return payload ? String(t(ACTION_KEYS[payload.action])) : EMPTY_VALUE;
      },
    },
    {
      key: 'changes',
      header: String(t('UsrChanges')),
      cell: (row) => {
        const payload = payloadOf(row);
        return payload ? String(diffUserSnapshots(payload.before, payload.after).length) : EMPTY_VALUE;
      },
    },
    { key: 'maker', header: String(t('UsrRequestedBy')), cell: (row) => row.makerName ?? EMPTY_VALUE },
    { key: 'createdAt', header: String(t('UsrRequestedOn')), cell: (row) => dateTime(row.createdAt) },
    {
      key: 'status',
      header: String(t('UsrStatus')),
      cell: (row) => (
        <Badge variant="filled" color={STATUS_COLORS[row.status] ?? 'gray.8'}>
          {String(t(`UsrRequest${row.status}`))}
        </Badge>
      ),
    },
  ];
  const canDecide = view === 'team' && tab === 'pending';
  // The maker's own pushed-back requests (My requests lists only the caller's): edit and resubmit.
  const canResubmit = (row: ApprovalRow) => view === 'my' && row.status === 'PUSHBACK' && payloadOf(row) !== null;
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={view}
        onChange={(value) => {
          setView(value as 'team' | 'my');
          setPage(1);
        }}
        data={[
          { value: 'team', label: String(t('UsrViewTeam')) },
          { value: 'my', label: String(t('UsrViewMy')) },
        ]}
        aria-label={String(t('UsrView'))}
        w="fit-content"
      />
      <Tabs
        value={tab}
        onChange={(value) => {
          setTab((value as ApprovalTab | null) ?? 'pending');
          setPage(1);
        }}
      >
        <Tabs.List aria-label={String(t('UsrRequestsCaption'))}>
          {APPROVAL_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {String(t(TAB_KEYS[value]))} ({list.data?.tabCounts[value] ?? '…'})
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataGrid<ApprovalRow>
        caption={String(t('UsrRequestsCaption'))}
        columns={columns}
        rows={list.data?.data ?? []}
        rowId={(row) => row.id}
        rowLabel={subjectOf}
        listKey={`user-requests-${view}`}
        minWidth={900}
        isLoading={list.isPending}
        isBusy={list.isFetching}
        error={
          list.isError
            ? { title: String(t('UsrLoadFailed')), error: list.error, onRetry: () => void list.refetch() }
            : undefined
        }
        empty={{ text: String(t('UsrRequestsEmpty')) }}
        rowActions={(row) => (
          <Group gap={4} wrap="nowrap">
            {canResubmit(row) ? (
              <Button
                size="compact-xs"
                onClick={() => setResubmitting(row)}
                aria-label={`${String(t('UsrResubmit'))}: ${subjectOf(row)}`}
              >
                {String(t('UsrResubmit'))}
              </Button>
            ) : null}
            {canResubmit(row) ? (
              <Button
                size="compact-xs"
                variant="outline"
                color="red.9"
                onClick={() => setWithdrawing(row)}
                aria-label={`${String(t('UsrWithdraw'))}: ${subjectOf(row)}`}
              >
                {String(t('UsrWithdraw'))}
              </Button>
            ) : null}
            <Button
              size="compact-xs"
              variant={canDecide ? 'filled' : 'outline'}
              onClick={() => setOpen(row)}
              aria-label={`${String(t(canDecide ? 'UsrReview' : 'UsrView'))}: ${subjectOf(row)}`}
            >
              {String(t(canDecide ? 'UsrReview' : 'UsrView'))}
            </Button>
          </Group>
        )}
        testIds={{ table: 'user-requests-table', row: 'user-requests-row', empty: 'user-requests-empty' }}
      />
      <PagePager
        page={page}
        pageSize={PAGE_SIZE}
        count={list.data && !list.isPlaceholderData ? list.data.count : undefined}
        isBusy={list.isFetching}
        onChange={(next) => setPage(next)}
      />
      {open ? <RequestDialog row={open} canDecide={canDecide} onClose={() => setOpen(null)} /> : null}
      {resubmitting ? <ResubmitDialog row={resubmitting} onClose={() => setResubmitting(null)} /> : null}
      {withdrawing ? <WithdrawDialog row={withdrawing} onClose={() => setWithdrawing(null)} /> : null}
    </Stack>
  );
}

/** /collapp/userApproval (SCHED_PRO_COLL_SAUTH). */
export function UserApprovalPage() {
  const { t } = useTranslation();
  const route = findRouteByName('userApproval');
  const title = route ? translateKey(t, route.labelKey, route.label) : 'User Approval';
  const [section, setSection] = useState<'users' | 'requests'>('users');
  return (
    <Stack gap="md" data-testid="user-approval">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{String(t('UsrIntro'))}</Text>
      <Tabs value={section} onChange={(value) => setSection(value === 'requests' ? 'requests' : 'users')}>
        <Tabs.List aria-label={title}>
          <Tabs.Tab value="users">{String(t('UsrUsersTab'))}</Tabs.Tab>
          <Tabs.Tab value="requests">{String(t('UsrRequestsTab'))}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {section === 'users' ? <UsersTab /> : <RequestsTab />}
    </Stack>
  );
}
