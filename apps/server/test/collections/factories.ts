import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  accounts,
  addresses,
  agencies,
  contacts,
  customers,
  dues,
  escalations,
  followUps,
  payments,
  ptps,
} from '@recovery-desk/db/collections-schema.ts';
import { approvalEvents, approvalRequests } from '@recovery-desk/db/approvals-schema.ts';
import type { Database } from '@recovery-desk/db/client.ts';
import type { ApprovalStatus } from '@recovery-desk/domain/approvals/flow.ts';
import { assetClassOf, bucketOf } from '@recovery-desk/domain/collections/dpd.ts';
import { addDays } from '@recovery-desk/domain/dates.ts';
import type { Product } from '@recovery-desk/domain/products.ts';
import { BUSINESS_DATE, createUnit, createUser, uniqueName, type TestUnit, type TestUser } from '../factories.ts';
import { bearer, signIn, type TestApp } from '../support/test-app.ts';

// Collections data for one test: units, collectors with authorities, customers and accounts (with a due schedule
// consistent with their DPD on BUSINESS_DATE, so a day-start recompute leaves them as they are), PTPs, payments.

export const ACCOUNT_TABS = [
  'Account',
  'Customer',
  'Address',
  'Contact',
  'CollateralDetails',
  'Payments',
  'LinkedAccounts',
  'Followup',
] as const;
export type TabName = (typeof ACCOUNT_TABS)[number];

/** All eight tabs, the listed ones editable (default: all editable). */
export function tabs(editable: readonly TabName[] = ACCOUNT_TABS): { name: string; editable: boolean }[] {
  return ACCOUNT_TABS.map((name) => ({ name, editable: editable.includes(name) }));
}

export type Org = { ho: TestUnit; zone: TestUnit; branch: TestUnit; sibling: TestUnit; foreign: TestUnit };

/** A head office with a zone of two branches, and a branch of another zone. */
export async function createOrg(db: Database): Promise<Org> {
  const ho = await createUnit(db, { level: 'HO' });
  const zone = await createUnit(db, { parent: ho, level: 'ZONE' });
  const branch = await createUnit(db, { parent: zone, level: 'BRANCH' });
  const sibling = await createUnit(db, { parent: zone, level: 'BRANCH' });
  const otherZone = await createUnit(db, { parent: ho, level: 'ZONE' });
  const foreign = await createUnit(db, { parent: otherZone, level: 'BRANCH' });
  return { ho, zone, branch, sibling, foreign };
}

export type AuthorityGrant = string | { code: string; tabs: { name: string; editable: boolean }[] };

/** A user acting in `unit` with collapp authorities (all tabs editable unless given). */
export async function createStaff(
  db: Database,
  unit: TestUnit,
  authorities: readonly AuthorityGrant[],
  options: { fullName?: string; isActive?: boolean } = {},
): Promise<TestUser> {
  const grants = authorities.map((grant) =>
    typeof grant === 'string' ? { system_auth: grant, tabs: tabs() } : { system_auth: grant.code, tabs: grant.tabs },
  );
  return createUser(db, {
    ...(options.fullName ? { fullName: options.fullName } : {}),
    ...(options.isActive === undefined ? {} : { isActive: options.isActive }),
    units: [{ unit, grants: { collapp: grants } }],
  });
}

export async function createAgency(db: Database, unit: TestUnit, options: { isActive?: boolean } = {}) {
  const code = uniqueName('AG-').toUpperCase();
  const [row] = await db
    .insert(agencies)
    .values({ code, name: `Agency ${code}`, unitId: unit.id, isActive: options.isActive ?? true })
    .returning({ id: agencies.id, name: agencies.name });
  return row!;
}

export async function createCustomer(db: Database, options: { name?: string; timeZone?: string } = {}) {
  const [row] = await db
    .insert(customers)
    .values({
      cif: uniqueName('CIF'),
      name: options.name ?? `Customer ${uniqueName('')}`,
      customerType: 'INDIVIDUAL',
      timeZone: options.timeZone ?? 'Asia/Kolkata',
      pan: 'ABCDE1234F',
    })
    .returning({ id: customers.id, name: customers.name });
  return row!;
}

export type AccountOptions = {
  unit: TestUnit;
  dpd?: number;
  product?: Product;
  currency?: 'INR' | 'USD';
  customer?: { id: number };
  customerName?: string;
  accountNo?: string;
  allocatedTo?: TestUser;
  agencyId?: number;
  totalDue?: string;
  principal?: string;
  emi?: string;
  isOnHold?: boolean;
  isSuppressed?: boolean;
  inSkipTrace?: boolean;
  lastActionDate?: string;
};

export type TestAccount = { id: number; accountNo: string; customerId: number; version: number };

/**
 * An account with one unpaid instalment due `dpd − 1` days before BUSINESS_DATE (none when dpd is 0) and one due
 * 10 days after it, so DPD, bucket and class match what the day-start recompute computes.
 */
export async function createAccount(db: Database, options: AccountOptions): Promise<TestAccount> {
  const dpd = options.dpd ?? 10;
  const customer = options.customer ?? (await createCustomer(db, { name: options.customerName }));
  const emi = options.emi ?? '5000.00';
  const oldestDue = dpd > 0 ? addDays(BUSINESS_DATE, -(dpd - 1)) : null;
  const [row] = await db
    .insert(accounts)
    .values({
      accountNo: options.accountNo ?? uniqueName('LN').toUpperCase(),
      customerId: customer.id,
      unitId: options.unit.id,
      unitPath: options.unit.path,
      product: options.product ?? 'PERSONAL',
      currency: options.currency ?? 'INR',
      loanAmount: '200000.00',
      emiAmount: emi,
      tenure: 36,
      disbursalDate: '2024-01-15',
      totalPrincipalOutstanding: options.principal ?? '150000.00',
      totalInterestOutstanding: '12000.50',
      otherCharges: '500.00',
      overdueCharges: '250.25',
      totalDueAmount: options.totalDue ?? (dpd > 0 ? emi : '0'),
      oldestUnpaidDueDate: oldestDue,
      bucket: bucketOf(dpd),
      assetClass: assetClassOf(dpd),
      delinquentFlag: dpd > 0,
      allocatedUserId: options.allocatedTo?.id ?? null,
      allocatedAgencyId: options.agencyId ?? null,
      isOnHold: options.isOnHold ?? false,
      isSuppressed: options.isSuppressed ?? false,
      inSkipTrace: options.inSkipTrace ?? false,
      lastActionDate: options.lastActionDate ?? null,
    })
    .returning({ id: accounts.id, accountNo: accounts.accountNo, version: accounts.version });
  const account = row!;
  const schedule = [
    ...(oldestDue ? [{ installmentNo: 1, dueDate: oldestDue }] : []),
    { installmentNo: 2, dueDate: addDays(BUSINESS_DATE, 10) },
  ];
  await db
    .insert(dues)
    .values(schedule.map((due) => ({ accountId: account.id, ...due, amountDue: emi, amountPaid: '0' })));
  return { ...account, customerId: customer.id };
}

/** An account as stored, with its DPD on the business date (derived: `accounts.dpd`, migration 0029). */
export async function readAccount(db: Database, id: number) {
  const [row] = await db
    .select({ ...getTableColumns(accounts), dpd: sql<number>`(accounts.dpd)::int` })
    .from(accounts)
    .where(eq(accounts.id, id));
  return row!;
}

export async function createContact(db: Database, customerId: number, options: { phone?: string } = {}) {
  const [row] = await db
    .insert(contacts)
    .values({
      customerId,
      contactType: 'MOBILE',
      contactCategory: 'SELF',
      phone: options.phone ?? '9876543210',
      mode: 'CALL',
    })
    .returning({ id: contacts.id, version: contacts.version });
  return row!;
}

export async function createAddress(db: Database, customerId: number) {
  const [row] = await db
    .insert(addresses)
    .values({ customerId, addressType: 'RESIDENCE', line1: '12 MG Road', city: 'Pune', state: 'MH', pinCode: '411001' })
    .returning({ id: addresses.id, version: addresses.version });
  return row!;
}

export async function createPayment(db: Database, accountId: number, paidOn: string, amount: string) {
  await db.insert(payments).values({ accountId, paidOn, amount, mode: 'UPI', reference: uniqueName('UTR') });
}

/**
 * A PTP captured on `capturedOn` (its follow-up carries that business date), as the follow-up verb would record
 * it; `deviation` makes it wait for a supervisor.
 */
export async function createPtp(
  db: Database,
  input: {
    accountId: number;
    capturedBy: TestUser;
    unit: TestUnit;
    promisedDate: string;
    amount: string;
    capturedOn?: string;
    deviation?: boolean;
    status?: 'OPEN' | 'KEPT' | 'PARTIAL' | 'BROKEN' | 'CANCELLED';
  },
) {
  const capturedOn = input.capturedOn ?? BUSINESS_DATE;
  const [followUp] = await db
    .insert(followUps)
    .values({
      accountId: input.accountId,
      contactMode: 'CALL',
      contactedByUserId: input.capturedBy.id,
      contactedByUnitId: input.unit.id,
      contactedAt: new Date(`${capturedOn}T06:00:00Z`),
      dispositionCode: 'PTP',
      actionAmount: input.amount,
      nextActionDate: input.promisedDate,
      businessDate: capturedOn,
    })
    .returning({ id: followUps.id });
  const [row] = await db
    .insert(ptps)
    .values({
      accountId: input.accountId,
      followUpId: followUp!.id,
      promisedDate: input.promisedDate,
      promisedAmount: input.amount,
      capturedByUserId: input.capturedBy.id,
      capturedInUnitId: input.unit.id,
      status: input.status ?? 'OPEN',
      deviationStatus: input.deviation ? 'PENDING' : 'NONE',
      deviationReasons: input.deviation ? ['BEYOND_HORIZON'] : [],
      createdAt: new Date(`${capturedOn}T06:00:00Z`),
    })
    .returning({ id: ptps.id, version: ptps.version });
  if (input.deviation) {
    await openApprovalRequest(db, {
      flowCode: 'PTP_DEVIATION',
      subjectType: 'PTP',
      subjectId: row!.id,
      accountId: input.accountId,
      makerUserId: input.capturedBy.id,
      amount: input.amount,
      status: input.status === 'CANCELLED' ? 'WITHDRAWN' : 'PENDING',
    });
  }
  return row!;
}

/**
 * The approval request a subject made by these factories waits in, as the follow-up, re-allocation and day-start
 * verbs open it (pending at level 1 with its REQUEST history step, scoped to the account's branch).
 */
export async function openApprovalRequest(
  db: Database,
  input: {
    flowCode: string;
    subjectType: string;
    subjectId: number;
    accountId: number;
    makerUserId: number | null;
    amount?: string;
    status?: ApprovalStatus;
  },
): Promise<{ id: number }> {
  const [account] = await db
    .select({ unitPath: accounts.unitPath, currency: accounts.currency })
    .from(accounts)
    .where(eq(accounts.id, input.accountId));
  const [request] = await db
    .insert(approvalRequests)
    .values({
      flowCode: input.flowCode,
      subjectType: input.subjectType,
      subjectId: input.subjectId,
      unitPath: account!.unitPath,
      makerUserId: input.makerUserId,
      status: input.status ?? 'PENDING',
      amount: input.amount ?? null,
      currency: input.amount === undefined ? null : account!.currency,
    })
    .returning({ id: approvalRequests.id });
  await db.insert(approvalEvents).values({
    requestId: request!.id,
    action: 'REQUEST',
    toStatus: 'PENDING',
    toLevel: 1,
    actorUserId: input.makerUserId,
    requestVersion: 1,
  });
  return request!;
}

export async function createEscalation(
  db: Database,
  input: { accountId: number; raisedBy?: TestUser; status?: string; reason?: 'RTP' | 'MANUAL' | 'BROKEN_PTP' },
) {
  const [row] = await db
    .insert(escalations)
    .values({
      accountId: input.accountId,
      reason: input.reason ?? 'RTP',
      status: input.status ?? 'OPEN',
      raisedByUserId: input.raisedBy?.id ?? null,
      raisedOn: BUSINESS_DATE,
    })
    .returning({ id: escalations.id, version: escalations.version });
  const status = input.status ?? 'OPEN';
  await openApprovalRequest(db, {
    flowCode: 'ESCALATION',
    subjectType: 'ESCALATION',
    subjectId: row!.id,
    accountId: input.accountId,
    makerUserId: input.raisedBy?.id ?? null,
    status: status === 'OPEN' ? 'PENDING' : status === 'REJECTED' ? 'REJECTED' : 'APPROVED',
  });
  return row!;
}

export type Api = {
  user: TestUser;
  get: (url: string) => Promise<LightMyRequestResponse>;
  post: (url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
  patch: (url: string, payload: unknown) => Promise<LightMyRequestResponse>;
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>;
};

/** Signs the user in and returns calls that carry their token and acting unit. */
export async function apiAs(t: TestApp, user: TestUser, unit: TestUnit): Promise<Api> {
  const { access } = await signIn(t, user);
  const headers = bearer(access, unit.id);
  const inject = (options: InjectOptions) =>
    t.inject({ ...options, headers: { ...headers, ...(options.headers ?? {}) } });
  return {
    user,
    inject,
    get: (url) => inject({ method: 'GET', url }),
    post: (url, payload) => inject({ method: 'POST', url, payload: (payload ?? {}) as object }),
    patch: (url, payload) => inject({ method: 'PATCH', url, payload: payload as object }),
  };
}

/** The `error_code` and field names of an error reply. */
export function errorOf(response: LightMyRequestResponse): { code: string; fields: string[]; detail: string } {
  const body = response.json<{ error_code: string; detail: string; fields?: { field: string }[] }>();
  return { code: body.error_code, fields: (body.fields ?? []).map((f) => f.field), detail: body.detail };
}
