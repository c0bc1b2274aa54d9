import { sql } from 'drizzle-orm';
import type { AccountView } from '@recovery-desk/domain/collections/contracts.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { isoTimestamp, isoTimestampOrNull, selectRows } from '../../db/sql-rows.ts';

// Reads of one account and what hangs off it (the account view), always within the acting unit's subtree.

type Raw = Record<string, unknown>;
type Timestamp = Date | string;

export type AccountHeader = AccountView['account'] & {
  customerId: number;
  unitId: number;
  allocatedUserId: number | null;
  allocatedAgencyId: number | null;
};

export type ScopedAccount = {
  account: AccountHeader;
  customer: AccountView['customer'];
};

/** The account with its customer, or undefined when it does not exist or lies outside the subtree. */
export async function findAccountInScope(
  db: Executor,
  input: { accountId: number; unitPath: string },
): Promise<ScopedAccount | undefined> {
  const [row] = await selectRows<Raw>(
    db,
    sql`select a.id, a.account_no as "accountNo", a.card_no as "cardNo", a.dpd, a.bucket, a.asset_class as "assetClass",
        a.bounce_date as "bounceDate", a.bounce_reason as "bounceReason", a.bounce_charges as "bounceCharges",
        a.total_interest_outstanding as "totalInterestOutstanding",
        a.total_principal_outstanding as "totalPrincipalOutstanding", a.other_charges as "otherCharges",
        a.overdue_charges as "overdueCharges", a.loan_amount as "loanAmount", a.emi_amount as "emiAmount",
        a.total_due_amount as "totalDueAmount", a.tenure, a.issued_by as "issuedBy", a.promo_code as "promoCode",
        un.name as "branchName", a.scheme, a.product, a.currency, a.maturity_date as "maturityDate",
        a.last_due_date as "lastDueDate", a.disbursal_date as "disbursalDate", a.repayment_mode as "repaymentMode",
        a.delinquent_flag as "delinquentFlag", coalesce(au.full_name, ag.name) as "allocatedTo",
        a.is_on_hold as "isOnHold", a.is_suppressed as "isSuppressed", a.in_skip_trace as "inSkipTrace", a.version,
        a.customer_id as "customerId", a.unit_id as "unitId", a.allocated_user_id as "allocatedUserId",
        a.allocated_agency_id as "allocatedAgencyId",
        c.cif, c.name as "customerName", c.pan, c.customer_type as "customerType", c.general_banking as "generalBanking",
        c.segmentation, c.dob, c.service_segment as "serviceSegment", c.time_zone as "timeZone"
      from accounts a
      join customers c on c.id = a.customer_id
      join units un on un.id = a.unit_id
      left join users au on au.id = a.allocated_user_id
      left join agencies ag on ag.id = a.allocated_agency_id
      where a.id = ${input.accountId} and a.unit_path like ${likePrefix(input.unitPath)}`,
  );
  if (!row) return undefined;
  const {
    cif,
    customerName,
    pan,
    customerType,
    generalBanking,
    segmentation,
    dob,
    serviceSegment,
    timeZone,
    ...account
  } = row;
  return {
    account: account as AccountHeader,
    customer: {
      id: account.customerId as number,
      cif,
      customerName,
      pan,
      customerType,
      generalBanking,
      segmentation,
      dob,
      serviceSegment,
      timeZone,
    } as AccountView['customer'],
  };
}

export async function listAddresses(db: Executor, customerId: number): Promise<AccountView['addresses']> {
  return selectRows(
    db,
    sql`select d.id, d.address_type as "addressType", d.line1, d.line2, d.line3, d.landmark, d.city, d.state,
        d.country, d.pin_code as "pinCode", c.name as "customerName", d.level, d.version
      from addresses d join customers c on c.id = d.customer_id
      where d.customer_id = ${customerId} order by d.level, d.id`,
  );
}

export async function listContacts(
  db: Executor,
  input: { customerId: number; contactId?: number },
): Promise<AccountView['contacts']> {
  return selectRows(
    db,
    sql`select t.id, t.contact_type as "contactType", t.contact_category as "contactCategory", t.phone, t.email,
        c.name as "customerName", t.level, t.mode, t.is_valid as "isValid", t.invalid_reason as "invalidReason",
        t.version
      from contacts t join customers c on c.id = t.customer_id
      where t.customer_id = ${input.customerId} ${input.contactId === undefined ? sql`` : sql`and t.id = ${input.contactId}`}
      order by t.level, t.id`,
  );
}

export async function findAddress(
  db: Executor,
  input: { customerId: number; addressId: number },
): Promise<AccountView['addresses'][number] | undefined> {
  const [row] = await selectRows<AccountView['addresses'][number]>(
    db,
    sql`select d.id, d.address_type as "addressType", d.line1, d.line2, d.line3, d.landmark, d.city, d.state,
        d.country, d.pin_code as "pinCode", c.name as "customerName", d.level, d.version
      from addresses d join customers c on c.id = d.customer_id
      where d.customer_id = ${input.customerId} and d.id = ${input.addressId}`,
  );
  return row;
}

export async function listCollaterals(db: Executor, accountId: number): Promise<AccountView['collaterals']> {
  return selectRows(
    db,
    sql`select id, collateral_type as "collateralType", description, registration_no as "registrationNo",
        make_model as "makeModel", value, currency, valuation_date as "valuationDate"
      from collaterals where account_id = ${accountId} order by id`,
  );
}

export async function listDues(db: Executor, accountId: number): Promise<AccountView['dues']> {
  return selectRows(
    db,
    sql`select installment_no as "installmentNo", due_date as "dueDate", amount_due as "amountDue",
        amount_paid as "amountPaid", paid_date as "paidDate"
      from dues where account_id = ${accountId} order by installment_no`,
  );
}

export async function listPayments(db: Executor, accountId: number): Promise<AccountView['payments']> {
  return selectRows(
    db,
    sql`select id, paid_on as "paidOn", amount, mode, reference
      from payments where account_id = ${accountId} order by paid_on desc, id desc`,
  );
}

/** The customer's other accounts within the subtree (another unit's account stays invisible, as everywhere). */
export async function listLinkedAccounts(
  db: Executor,
  input: { customerId: number; accountId: number; unitPath: string },
): Promise<AccountView['linkedAccounts']> {
  return selectRows(
    db,
    sql`select a.id, a.account_no as "accountNo", a.product, a.source_product as "sourceProduct",
        a.total_principal_outstanding as pos,
        (a.total_principal_outstanding + a.total_interest_outstanding + a.other_charges + a.overdue_charges)
          as "totalOutstanding",
        a.dpd, c.name as "customerName", a.currency
      from accounts a join customers c on c.id = a.customer_id
      where a.customer_id = ${input.customerId} and a.id <> ${input.accountId}
        and a.unit_path like ${likePrefix(input.unitPath)}
      order by a.account_no`,
  );
}

export type FollowUpItem = AccountView['followUps'][number];

function followUpOf(raw: Raw): FollowUpItem {
  const time = raw.nextActionTime as string | null;
  return {
    ...(raw as FollowUpItem),
    contactedAt: isoTimestamp(raw.contactedAt as Timestamp),
    nextActionTime: time === null ? null : time.slice(0, 5),
  };
}

export async function listFollowUps(
  db: Executor,
  input: { accountId: number; followUpId?: number },
): Promise<FollowUpItem[]> {
  const rows = await selectRows<Raw>(
    db,
    sql`select f.id, f.contact_mode as "contactMode", f.reminder_mode as "reminderMode",
        un.name as "contactedByUnit", u.full_name as "contactedBy", f.contacted_at as "contactedAt",
        f.person_contacted as "personContacted", f.disposition_code as "dispositionCode",
        f.action_amount as "actionAmount", f.next_action_date as "nextActionDate",
        f.next_action_time::text as "nextActionTime", f.remarks, f.document_id as "documentId",
        f.calling_window_override as "callingWindowOverride"
      from follow_ups f join users u on u.id = f.contacted_by_user_id join units un on un.id = f.contacted_by_unit_id
      where f.account_id = ${input.accountId}
        ${input.followUpId === undefined ? sql`` : sql`and f.id = ${input.followUpId}`}
      order by f.contacted_at desc, f.id desc`,
  );
  return rows.map(followUpOf);
}

export type AccountPtp = AccountView['ptps'][number];

export async function listAccountPtps(
  db: Executor,
  input: { accountId: number; ptpId?: number },
): Promise<AccountPtp[]> {
  return selectRows(
    db,
    sql`select p.id as "ptpId", p.account_id as "accountId", p.currency, p.promised_date as "promisedDate",
        p.promised_amount as "promisedAmount", p.status as "ptpStatus", p.deviation_status as "deviationStatus",
        p.deviation_reasons as "deviationReasons", cb.full_name as "capturedBy",
        p.captured_by_user_id as "capturedByUserId", rt.full_name as "referredTo", p.version
      from ptps p join users cb on cb.id = p.captured_by_user_id left join users rt on rt.id = p.referred_to_user_id
      where p.account_id = ${input.accountId} ${input.ptpId === undefined ? sql`` : sql`and p.id = ${input.ptpId}`}
      order by p.created_at desc, p.id desc`,
  );
}

export type RestrictionItem = AccountView['restrictions'][number];

export async function listRestrictions(
  db: Executor,
  input: { accountId: number; restrictionId?: number },
): Promise<RestrictionItem[]> {
  const rows = await selectRows<Raw>(
    db,
    sql`select r.id, r.kind, r.action, r.reason, r.remarks, coalesce(u.full_name, 'Day start') as by, r.business_date as "businessDate",
        to_char(r.expires_on, 'YYYY-MM-DD') as "expiresOn", r.created_at as "createdAt"
      from account_restrictions r left join users u on u.id = r.by_user_id
      where r.account_id = ${input.accountId}
        ${input.restrictionId === undefined ? sql`` : sql`and r.id = ${input.restrictionId}`}
      order by r.created_at desc, r.id desc`,
  );
  return rows.map((row) => ({ ...(row as RestrictionItem), createdAt: isoTimestamp(row.createdAt as Timestamp) }));
}

export async function listAllocationHistory(
  db: Executor,
  accountId: number,
): Promise<AccountView['allocationHistory']> {
  const rows = await selectRows<Raw>(
    db,
    sql`select l.id, coalesce(tu.full_name, ag.name, '') as "to", l.kind, coalesce(bu.full_name, 'Day start') as by,
        l.started_at as "startedAt", l.ended_at as "endedAt"
      from allocations l left join users bu on bu.id = l.allocated_by_user_id
      left join users tu on tu.id = l.user_id left join agencies ag on ag.id = l.agency_id
      where l.account_id = ${accountId}
      order by l.started_at desc, l.id desc`,
  );
  return rows.map((row) => ({
    ...(row as AccountView['allocationHistory'][number]),
    startedAt: isoTimestamp(row.startedAt as Timestamp),
    endedAt: isoTimestampOrNull(row.endedAt as Timestamp | null),
  }));
}

export type DocumentItem = {
  id: number;
  fileName: string;
  documentName: string;
  category: string;
  remark: string | null;
  mimeType: string;
  sizeBytes: number;
  uploadedBy: string | null;
  createdAt: string;
};

export async function listDocuments(
  db: Executor,
  input: { accountId: number; documentId?: number },
): Promise<DocumentItem[]> {
  const rows = await selectRows<Raw>(
    db,
    sql`select d.id, d.file_name as "fileName", d.document_name as "documentName", d.category, d.remark,
        d.mime_type as "mimeType", d.size_bytes as "sizeBytes", u.full_name as "uploadedBy", d.created_at as "createdAt"
      from documents d left join users u on u.id = d.uploaded_by_user_id
      where d.account_id = ${input.accountId}
        ${input.documentId === undefined ? sql`` : sql`and d.id = ${input.documentId}`}
      order by d.created_at desc, d.id desc`,
  );
  return rows.map((row) => ({ ...(row as DocumentItem), createdAt: isoTimestamp(row.createdAt as Timestamp) }));
}

export type ChequeItem = {
  id: number;
  chequeNo: string;
  chequeDate: string;
  amount: string;
  bankName: string | null;
  bounceDate: string | null;
  bounceReason: string | null;
  claimedAmount: string | null;
};

export async function listCheques(db: Executor, accountId: number): Promise<ChequeItem[]> {
  return selectRows(
    db,
    sql`select id, cheque_no as "chequeNo", cheque_date as "chequeDate", amount, bank_name as "bankName",
        bounce_date as "bounceDate", bounce_reason as "bounceReason", claimed_amount as "claimedAmount"
      from cheques where account_id = ${accountId} order by cheque_date desc, id desc`,
  );
}
