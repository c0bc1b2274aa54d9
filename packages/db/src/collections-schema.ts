import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, money } from './columns.ts';
import { units, users } from './schema.ts';

// Collections casework (issue 3): the book of accounts and everything the trays work on.
// Money is numeric(18,2) with a currency column beside it; dates that drive rules are `date` values
// compared with the organisation's business date.

export const customers = pgTable(
  'customers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cif: text('cif').notNull(),
    name: text('name').notNull(),
    pan: text('pan'),
    customerType: text('customer_type').notNull(), // INDIVIDUAL | NON_INDIVIDUAL
    generalBanking: text('general_banking'),
    segmentation: text('segmentation'),
    dob: date('dob'),
    serviceSegment: text('service_segment'),
    /** IANA zone of the borrower, for the 08:00–19:00 calling window */
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customers_cif_uq').on(t.cif),
    // The global account search matches a PAN exactly, normalised to upper case.
    index('customers_pan_search_idx').on(sql`upper(${t.pan})`),
  ],
);

export const agencies = pgTable('agencies', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  unitId: integer('unit_id')
    .notNull()
    .references(() => units.id),
  isActive: boolean('is_active').notNull().default(true),
});

export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountNo: text('account_no').notNull(),
    cardNo: text('card_no'),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** the branch that owns the account; row scope is this unit's ancestry path */
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    /** copy of units.path of unit_id, so subtree scope is one indexed LIKE on this table */
    unitPath: text('unit_path').notNull(),
    product: text('product').notNull(), // AUTO | TWO_WHEELER | HOME | PERSONAL | CREDIT_CARD | MOBILE
    sourceProduct: text('source_product'),
    scheme: text('scheme'),
    promoCode: text('promo_code'),
    issuedBy: text('issued_by'),
    currency: text('currency').notNull().default('INR'),
    loanAmount: money('loan_amount').notNull(),
    emiAmount: money('emi_amount').notNull(),
    tenure: integer('tenure').notNull(),
    disbursalDate: date('disbursal_date').notNull(),
    maturityDate: date('maturity_date'),
    lastDueDate: date('last_due_date'),
    repaymentMode: text('repayment_mode'),
    totalPrincipalOutstanding: money('total_principal_outstanding').notNull(),
    totalInterestOutstanding: money('total_interest_outstanding').notNull(),
    otherCharges: money('other_charges').notNull().default('0'),
    overdueCharges: money('overdue_charges').notNull().default('0'),
    /** total amount overdue (unpaid dues plus charges) */
    totalDueAmount: money('total_due_amount').notNull().default('0'),
    bounceDate: date('bounce_date'),
    bounceReason: text('bounce_reason'),
    bounceCharges: money('bounce_charges').notNull().default('0'),
    /**
     * oldest unpaid due date; null when nothing is overdue. DPD is not stored: it is business date − this date + 1
     * (0 when null), read as `a.dpd` through the SQL function `dpd(accounts)` (migration 0029), so a day start does
     * not rewrite every delinquent account because its DPD grew by one.
     */
    oldestUnpaidDueDate: date('oldest_unpaid_due_date'),
    /**
     * The trays' DPD order key: days from the oldest unpaid due date to 9999-12-31, 0 when nothing is overdue. It
     * orders exactly as DPD (descending = most overdue first) but does not move with the business date, so the tray
     * indexes stay put; `packages/db/src/dpd-sql.ts` turns DPD bounds into bounds on it.
     */
    overdueKey: integer('overdue_key')
      .notNull()
      .generatedAlwaysAs(sql`(date '9999-12-31' - coalesce(oldest_unpaid_due_date, date '9999-12-31'))`),
    bucket: text('bucket').notNull().default('CURRENT'), // CURRENT | B1 | B2 | B3 | B4 (91–180) | B5 (181–365) | B6 (365+)
    assetClass: text('asset_class').notNull().default('STANDARD'), // STANDARD | SMA-0 | SMA-1 | SMA-2 | NPA
    delinquentFlag: boolean('delinquent_flag').notNull().default(false),
    allocatedUserId: integer('allocated_user_id').references(() => users.id),
    allocatedAgencyId: integer('allocated_agency_id').references(() => agencies.id),
    allocatedAt: timestamp('allocated_at', { withTimezone: true }),
    /** current state of the immutable hold/suppression action logs, kept in step by the services */
    isOnHold: boolean('is_on_hold').notNull().default(false),
    isSuppressed: boolean('is_suppressed').notNull().default(false),
    inSkipTrace: boolean('in_skip_trace').notNull().default(false),
    lastContactedByUserId: integer('last_contacted_by_user_id').references(() => users.id),
    lastContactedAt: timestamp('last_contacted_at', { withTimezone: true }),
    lastActionDate: date('last_action_date'),
    nextActionDate: date('next_action_date'),
    lastDisposition: text('last_disposition'),
    brokenPtpCount: integer('broken_ptp_count').notNull().default(0),
    /** who sanctioned the loan (OFFICER | BRANCH | REGION | ZONE | HO): a settlement's approver is at least one level above */
    sanctionLevel: text('sanction_level').notNull().default('OFFICER'),
    /** declared fraud / wilful defaulter: a settlement needs the top level (board) */
    isFraud: boolean('is_fraud').notNull().default(false),
    isWilfulDefaulter: boolean('is_wilful_defaulter').notNull().default(false),
    /** null, or ACTIVE (an approved settlement is being paid) or SETTLED: either keeps it out of the collection trays */
    settlementStatus: text('settlement_status'),
    /** card products: the day of the month the statement cycle closes (1–28); Cycle Refresh rolls the dues then */
    statementCycleDay: integer('statement_cycle_day'),
    /** the last statement (Cycle Refresh): its date, balance, minimum due and payment due date */
    statementDate: date('statement_date'),
    statementBalance: money('statement_balance'),
    minimumDue: money('minimum_due'),
    paymentDueDate: date('payment_due_date'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One index for both: equality (uploads, receipts, lookups) and the global account search's prefix match
    // (`text_pattern_ops` has both), so an account write maintains one account-number index, not two.
    uniqueIndex('accounts_account_no_uq').on(t.accountNo.op('text_pattern_ops')),
    index('accounts_customer_idx').on(t.customerId),
    // Trays: My View (allocated user) and Team View (unit subtree), ordered by DPD then id for keyset paging.
    // Migration 0003 recreates these two with INCLUDE columns (flags, product, overdue, scope) so tray pages and
    // counts are index-only; Drizzle's builder cannot express INCLUDE, so the columns are listed there only.
    index('accounts_my_view_idx').on(t.allocatedUserId, t.overdueKey.desc(), t.id),
    index('accounts_team_view_idx').on(t.unitPath.op('text_pattern_ops'), t.overdueKey.desc(), t.id),
    index('accounts_overdue_key_idx').on(t.overdueKey.desc(), t.id),
    // No index on oldest_unpaid_due_date: nothing reads by it (overdue_key, from it, is indexed), and every
    // allocation and day-start write paid for one.
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    addressType: text('address_type').notNull(), // RESIDENCE | OFFICE | PERMANENT
    line1: text('line1').notNull(),
    line2: text('line2'),
    line3: text('line3'),
    landmark: text('landmark'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull().default('India'),
    pinCode: text('pin_code').notNull(),
    level: text('level').notNull().default('PRIMARY'), // PRIMARY | SECONDARY
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_customer_idx').on(t.customerId)],
);

export const contacts = pgTable(
  'contacts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    contactType: text('contact_type').notNull(), // MOBILE | LANDLINE | EMAIL
    contactCategory: text('contact_category').notNull(), // SELF | SPOUSE | REFERENCE | GUARANTOR | EMPLOYER
    phone: text('phone'),
    email: text('email'),
    level: text('level').notNull().default('PRIMARY'),
    mode: text('mode'), // CALL | SMS | WHATSAPP | EMAIL
    isValid: boolean('is_valid').notNull().default(true),
    invalidReason: text('invalid_reason'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('contacts_customer_idx').on(t.customerId),
    // The global account search matches a phone exactly on its last ten digits (spaces, +91 and leading 0 dropped).
    index('contacts_phone_search_idx').on(sql`right(regexp_replace(${t.phone}, '[^0-9]', '', 'g'), 10)`),
  ],
);

export const collaterals = pgTable(
  'collaterals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    collateralType: text('collateral_type').notNull(), // VEHICLE | PROPERTY | DEVICE
    description: text('description').notNull(),
    registrationNo: text('registration_no'),
    makeModel: text('make_model'),
    value: money('value'),
    currency: text('currency').notNull().default('INR'),
    valuationDate: date('valuation_date'),
    /** a property's address and geotag (PVR, issue 14); null: not recorded (PVR falls back to the residence) */
    propertyAddress: text('property_address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
  },
  (t) => [index('collaterals_account_idx').on(t.accountId)],
);

/** The due schedule. An instalment is unpaid while amount_paid < amount_due. */
export const dues = pgTable(
  'dues',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    installmentNo: integer('installment_no').notNull(),
    dueDate: date('due_date').notNull(),
    amountDue: money('amount_due').notNull(),
    amountPaid: money('amount_paid').notNull().default('0'),
    paidDate: date('paid_date'),
  },
  (t) => [
    uniqueIndex('dues_account_installment_uq').on(t.accountId, t.installmentNo),
    // Reports (migration 0022): the instalments falling due in a period (collection efficiency's demand).
    index('dues_due_date_idx').on(t.dueDate),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    paidOn: date('paid_on').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    mode: text('mode').notNull(), // CASH | UPI | NACH | CHEQUE | NEFT | CARD
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_account_idx').on(t.accountId, t.paidOn),
    // Reports and the dashboard's daily collections (migration 0022): the payments of a period.
    index('payments_paid_on_idx').on(t.paidOn),
  ],
);

export const cheques = pgTable(
  'cheques',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    chequeNo: text('cheque_no').notNull(),
    chequeDate: date('cheque_date').notNull(),
    amount: money('amount').notNull(),
    bankName: text('bank_name'),
    bounceDate: date('bounce_date'),
    bounceReason: text('bounce_reason'),
    claimedAmount: money('claimed_amount'),
    createdAt: createdAt(),
  },
  (t) => [index('cheques_account_idx').on(t.accountId)],
);

export const documents = pgTable(
  'documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id),
    fileName: text('file_name').notNull(),
    documentName: text('document_name').notNull(),
    category: text('category').notNull(),
    remark: text('remark'),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** SHA-256 of the bytes, checked on every read */
    sha256: text('sha256').notNull(),
    /** DB | FOLDER: where the document store keeps the bytes */
    storage: text('storage').notNull().default('DB'),
    content: bytea('content'),
    /** relative path under DOCUMENT_DIR when storage = FOLDER */
    storagePath: text('storage_path'),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('documents_account_idx').on(t.accountId)],
);

/** Disposition codes (domain reference §5.2), seeded, editable later. */
export const dispositions = pgTable('dispositions', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  /** RPC (right-party contact) | TPC (third party) | NONE */
  contactKind: text('contact_kind').notNull(),
  /** what recording it triggers: PTP | HOLD | SKIP_TRACE | ESCALATE | SUPPRESS | SETTLEMENT | CALLBACK | NONE */
  nextStep: text('next_step').notNull(),
  requiresAmount: boolean('requires_amount').notNull().default(false),
  requiresNextActionDate: boolean('requires_next_action_date').notNull().default(false),
  sortOrder: integer('sort_order').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

export const followUps = pgTable(
  'follow_ups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    contactMode: text('contact_mode').notNull(), // CALL | SMS | WHATSAPP | EMAIL | FIELD_VISIT | INBOUND
    reminderMode: text('reminder_mode'),
    contactedByUserId: integer('contacted_by_user_id')
      .notNull()
      .references(() => users.id),
    contactedByUnitId: integer('contacted_by_unit_id')
      .notNull()
      .references(() => units.id),
    contactedAt: timestamp('contacted_at', { withTimezone: true }).notNull(),
    personContacted: text('person_contacted'),
    contactId: bigint('contact_id', { mode: 'number' }).references(() => contacts.id),
    dispositionCode: text('disposition_code')
      .notNull()
      .references(() => dispositions.code),
    actionAmount: money('action_amount'),
    currency: text('currency').notNull().default('INR'),
    nextActionDate: date('next_action_date'),
    nextActionTime: time('next_action_time'),
    remarks: text('remarks'),
    documentId: bigint('document_id', { mode: 'number' }).references(() => documents.id),
    /** reason given for contacting outside 08:00–19:00 borrower time (audited) */
    callingWindowOverride: text('calling_window_override'),
    businessDate: date('business_date').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('follow_ups_account_idx').on(t.accountId, t.contactedAt.desc())],
);

/** Allocation history: one row per allocation of an account to a user or an agency. */
export const allocations = pgTable(
  'allocations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    userId: integer('user_id').references(() => users.id),
    agencyId: integer('agency_id').references(() => agencies.id),
    /** null for day start's rule-based allocation run by the scheduler */
    allocatedByUserId: integer('allocated_by_user_id').references(() => users.id),
    kind: text('kind').notNull(), // MANUAL | REALLOCATION | ESCALATION | RULE | MAP (command center)
    reason: text('reason'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('allocations_account_idx').on(t.accountId, t.startedAt.desc())],
);

export const ptps = pgTable(
  'ptps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    followUpId: bigint('follow_up_id', { mode: 'number' }).references(() => followUps.id),
    promisedDate: date('promised_date').notNull(),
    promisedAmount: money('promised_amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    capturedByUserId: integer('captured_by_user_id')
      .notNull()
      .references(() => users.id),
    capturedInUnitId: integer('captured_in_unit_id')
      .notNull()
      .references(() => units.id),
    status: text('status').notNull().default('OPEN'), // OPEN | KEPT | PARTIAL | BROKEN | CANCELLED
    amountPaid: money('amount_paid').notNull().default('0'),
    resolvedOn: date('resolved_on'),
    /** NONE | PENDING | APPROVED | REJECTED — a PTP outside policy waits for a supervisor */
    deviationStatus: text('deviation_status').notNull().default('NONE'),
    deviationReasons: jsonb('deviation_reasons').$type<string[]>().notNull().default([]),
    /** referral of the PTP to a field collector or agent (PTP referral trays) */
    referredToUserId: integer('referred_to_user_id').references(() => users.id),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewRemarks: text('review_remarks'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('ptps_account_idx').on(t.accountId, t.createdAt.desc()),
    index('ptps_open_idx')
      .on(t.promisedDate)
      .where(sql`status = 'OPEN'`),
    index('ptps_deviation_idx')
      .on(t.deviationStatus)
      .where(sql`deviation_status = 'PENDING'`),
  ],
);

export const escalations = pgTable(
  'escalations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    reason: text('reason').notNull(), // BROKEN_PTP | RTP | DISPUTE | MANUAL
    ptpId: bigint('ptp_id', { mode: 'number' }).references(() => ptps.id),
    status: text('status').notNull().default('OPEN'), // OPEN | APPROVED | REJECTED | REALLOCATED
    raisedByUserId: integer('raised_by_user_id').references(() => users.id),
    raisedOn: date('raised_on').notNull(),
    resolvedByUserId: integer('resolved_by_user_id').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionRemarks: text('resolution_remarks'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('escalations_status_idx').on(t.status, t.accountId)],
);

/** Allocation holds and activity suppressions: immutable START/END actions, never edited in place. */
export const accountRestrictions = pgTable(
  'account_restrictions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    kind: text('kind').notNull(), // ALLOCATION_HOLD | ACTIVITY_SUPPRESSION
    action: text('action').notNull(), // START | END
    reason: text('reason').notNull(),
    remarks: text('remarks'),
    /** null for an END written by day start's expiry step */
    byUserId: integer('by_user_id').references(() => users.id),
    actingUnitId: integer('acting_unit_id').references(() => units.id),
    businessDate: date('business_date').notNull(),
    /** a START may end by itself: day start's expiry step ends it on this business date */
    expiresOn: date('expires_on'),
    createdAt: createdAt(),
  },
  (t) => [index('account_restrictions_account_idx').on(t.accountId, t.kind, t.createdAt.desc())],
);

/** Manual re-allocation requests: the maker asks, a different checker approves or rejects. */
export const reallocationRequests = pgTable(
  'reallocation_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    status: text('status').notNull().default('PENDING'), // PENDING | APPROVED | REJECTED
    toUserId: integer('to_user_id').references(() => users.id),
    toAgencyId: integer('to_agency_id').references(() => agencies.id),
    reason: text('reason').notNull(),
    makerUserId: integer('maker_user_id')
      .notNull()
      .references(() => users.id),
    makerUnitId: integer('maker_unit_id')
      .notNull()
      .references(() => units.id),
    makerUnitPath: text('maker_unit_path').notNull(),
    checkerUserId: integer('checker_user_id').references(() => users.id),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkerRemarks: text('checker_remarks'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('reallocation_requests_status_idx').on(t.status, t.makerUnitPath)],
);

export const reallocationRequestAccounts = pgTable(
  'reallocation_request_accounts',
  {
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => reallocationRequests.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    fromUserId: integer('from_user_id').references(() => users.id),
    fromAgencyId: integer('from_agency_id').references(() => agencies.id),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.accountId] })],
);

/**
 * BOM (beginning of month) snapshot behind the roll rates (issue 14): accounts and principal outstanding per bucket
 * and currency as they stood when the month began. Day start takes it on the first day of a month (after the
 * recompute); BOM Refresh on the Day Start screen takes it again for the business date's month. Money in minor units.
 */
export const bomBucketSnapshots = pgTable(
  'bom_bucket_snapshots',
  {
    /** the first day of the month */
    month: date('month').notNull(),
    bucket: text('bucket').notNull(),
    currency: text('currency').notNull(),
    accounts: integer('accounts').notNull(),
    principalOutstandingMinor: bigint('principal_outstanding_minor', { mode: 'bigint' }).notNull(),
    /** the business date it was taken on */
    takenOn: date('taken_on').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    takenByUserId: integer('taken_by_user_id').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.month, t.bucket, t.currency] })],
);
