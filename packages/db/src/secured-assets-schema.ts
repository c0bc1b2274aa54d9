import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, documents } from './collections-schema.ts';
import { receipts } from './receipts-schema.ts';
import { caseDocuments, cases } from './workflow-schema.ts';
import { units, users } from './schema.ts';
import { createdAt } from './columns.ts';

// Secured assets (repossession and SARFAESI effects, issue 15): the co-obligors of an account that a SARFAESI §13(2)
// demand notice names beside the borrower, and the §13(8) redemption lock a case takes when its auction notice is
// published.

/** The account's obligors other than its customer (the borrower): co-borrowers and guarantors. */
export const accountObligors = pgTable(
  'account_obligors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    /** CO_BORROWER | GUARANTOR */
    role: text('role').notNull(),
    name: text('name').notNull(),
    /** the postal address a notice is sent to, lines separated by newlines */
    address: text('address'),
    createdAt: createdAt(),
  },
  (t) => [index('account_obligors_account_idx').on(t.accountId, t.id)],
);

/**
 * §13(8): once the auction notice of a case is published, full-dues redemption is no longer accepted. One row per
 * case (written by the lockRedemption effect in the publishing step's transaction; kept if the case is later
 * re-auctioned).
 */
export const redemptionLocks = pgTable('redemption_locks', {
  caseId: bigint('case_id', { mode: 'number' })
    .primaryKey()
    .references(() => cases.id),
  /** the business date of the publication step */
  lockedOn: date('locked_on').notNull(),
  /** the publication date captured on the case (salePublicationDate), when it was given */
  publicationDate: date('publication_date'),
  lockedByUserId: integer('locked_by_user_id')
    .notNull()
    .references(() => users.id),
  actingUnitId: integer('acting_unit_id')
    .notNull()
    .references(() => units.id),
  createdAt: createdAt(),
});

/**
 * Auction bids of a repossession or SARFAESI case (issue 15), entered at the auction stage. Amounts in integer minor
 * units (paise) with the currency. ACTIVE bids count for the current auction; WITHDRAWN ones were taken back; LAPSED
 * ones belonged to an auction that failed (the case went to a reduced reserve and a re-auction).
 */
export const auctionBids = pgTable(
  'auction_bids',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => cases.id),
    bidderName: text('bidder_name').notNull(),
    /** PAN or another identity document number */
    bidderIdNo: text('bidder_id_no'),
    emdAmountMinor: bigint('emd_amount_minor', { mode: 'bigint' }).notNull(),
    /** the EMD's bank reference (UTR) */
    emdReference: text('emd_reference'),
    emdReceivedOn: date('emd_received_on'),
    bidAmountMinor: bigint('bid_amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    qualified: boolean('qualified').notNull(),
    remarks: text('remarks'),
    /** ACTIVE | WITHDRAWN | LAPSED */
    status: text('status').notNull().default('ACTIVE'),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('auction_bids_case_idx').on(t.caseId, t.id)],
);

/**
 * An auction batch (issue 15): several assets sold in one auction event. OPEN while lots are added, PUBLISHED once the
 * sale notice is out, COMPLETED after the auction. Scoped to the unit that built it (and the units above it).
 */
export const auctionBatches = pgTable(
  'auction_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchNo: text('batch_no').notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    unitPath: text('unit_path').notNull(),
    auctionDate: date('auction_date').notNull(),
    emdLastDate: date('emd_last_date').notNull(),
    inspectionDate1: date('inspection_date1'),
    inspectionDate2: date('inspection_date2'),
    /** the auction agency or e-auction portal */
    auctionAgency: text('auction_agency').notNull(),
    /** OPEN | PUBLISHED | COMPLETED */
    status: text('status').notNull().default('OPEN'),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auction_batches_batch_no_key').on(t.batchNo), index('auction_batches_unit_idx').on(t.unitPath)],
);

/** A lot of a batch: one case, its lot number (1, 2, … in the order added) and its reserve price in minor units. */
export const auctionLots = pgTable(
  'auction_lots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => auctionBatches.id),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => cases.id),
    lotNo: integer('lot_no').notNull(),
    reservePriceMinor: bigint('reserve_price_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auction_lots_batch_lot_key').on(t.batchId, t.lotNo),
    uniqueIndex('auction_lots_batch_case_key').on(t.batchId, t.caseId),
    index('auction_lots_case_idx').on(t.caseId),
  ],
);

/**
 * §13(7) and rule 15: how a repossession or SARFAESI case closed against its account. One row per case, written by the
 * settleClosure effect in the closing step's transaction: the outstanding before, the sale proceeds and the expenses
 * recovered from them (minor units of the account's currency), what was posted to the account as a receipt, the
 * shortfall left on the account (still recoverable) and the surplus owed back to the borrower (a refund, DUE until
 * someone records it PAID).
 */
export const securedClosures = pgTable('secured_closures', {
  caseId: bigint('case_id', { mode: 'number' })
    .primaryKey()
    .references(() => cases.id),
  accountId: bigint('account_id', { mode: 'number' })
    .notNull()
    .references(() => accounts.id),
  closureType: text('closure_type').notNull(),
  currency: text('currency').notNull(),
  outstandingMinor: bigint('outstanding_minor', { mode: 'bigint' }).notNull(),
  proceedsMinor: bigint('proceeds_minor', { mode: 'bigint' }).notNull(),
  expensesMinor: bigint('expenses_minor', { mode: 'bigint' }).notNull(),
  appliedMinor: bigint('applied_minor', { mode: 'bigint' }).notNull(),
  shortfallMinor: bigint('shortfall_minor', { mode: 'bigint' }).notNull(),
  surplusMinor: bigint('surplus_minor', { mode: 'bigint' }).notNull(),
  /** the approved waiver counted at closing (written off the account): never above what the proceeds left */
  waivedMinor: bigint('waived_minor', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  /** the approved waiver it counted (secured_waivers) */
  waiverId: bigint('waiver_id', { mode: 'number' }),
  /** the receipt the applied proceeds were posted as (none when nothing was applied) */
  receiptId: bigint('receipt_id', { mode: 'number' }).references(() => receipts.id),
  /** NONE (no surplus) | DUE | PAID */
  refundStatus: text('refund_status').notNull(),
  refundPaidOn: date('refund_paid_on'),
  refundReference: text('refund_reference'),
  refundRecordedByUserId: integer('refund_recorded_by_user_id').references(() => users.id),
  /** the business date of the closing step */
  closedOn: date('closed_on').notNull(),
  closedByUserId: integer('closed_by_user_id')
    .notNull()
    .references(() => users.id),
  actingUnitId: integer('acting_unit_id')
    .notNull()
    .references(() => units.id),
  createdAt: createdAt(),
});

/**
 * The waiver of a repossession or SARFAESI case, recorded as money on the account when a checker approves the waiver
 * stage (the recordWaiver effect, in the approving step's transaction): amount in integer minor units beside the
 * currency, reason, maker and approver. One APPROVED waiver per case: a later approval (after a re-sale) supersedes it.
 * Closure counts the APPROVED waiver against the shortfall and writes it off the account (`written_off_minor`).
 */
export const securedWaivers = pgTable(
  'secured_waivers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => cases.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    /** APPROVED | SUPERSEDED */
    status: text('status').notNull(),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id),
    approvedByUserId: integer('approved_by_user_id')
      .notNull()
      .references(() => users.id),
    /** the business date of the approval */
    approvedOn: date('approved_on').notNull(),
    actingUnitId: integer('acting_unit_id')
      .notNull()
      .references(() => units.id),
    /** what closure wrote off the account (set when the case closes) */
    writtenOffMinor: bigint('written_off_minor', { mode: 'bigint' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('secured_waivers_case_approved_uq')
      .on(t.caseId)
      .where(sql`status = 'APPROVED'`),
    index('secured_waivers_account_idx').on(t.accountId),
    check('secured_waivers_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * The valuations of a case's asset (a repossessed vehicle, a SARFAESI property), one row per valuer's report: money in
 * integer minor units (paise) beside the currency. Captured at Capture Valuation Details (the assetValuations widget);
 * the case's valuation fields are derived from them.
 */
export const assetValuations = pgTable(
  'asset_valuations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => cases.id),
    valuerName: text('valuer_name').notNull(),
    valuationDate: date('valuation_date').notNull(),
    currency: text('currency').notNull(),
    marketValueMinor: bigint('market_value_minor', { mode: 'number' }).notNull(),
    realisableValueMinor: bigint('realisable_value_minor', { mode: 'number' }).notNull(),
    distressValueMinor: bigint('distress_value_minor', { mode: 'number' }).notNull(),
    reportReference: text('report_reference'),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('asset_valuations_case_idx').on(t.caseId, t.id)],
);

/** The yards repossessed vehicles are kept in (Repossession Settings → Yards), each of a unit. */
export const yards = pgTable(
  'yards',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    /** how many vehicles it holds */
    capacity: integer('capacity').notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('yards_unit_idx').on(t.unitId)],
);

/**
 * A case's asset in a yard: yard-in (date, condition) and, once it leaves, yard-out (date, reason). At most one open
 * stay per case (a partial unique index): a second yard-in while the asset is in a yard is refused.
 */
export const assetYardStays = pgTable(
  'asset_yard_stays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => cases.id),
    yardId: integer('yard_id')
      .notNull()
      .references(() => yards.id),
    inDate: date('in_date').notNull(),
    /** GOOD | AVERAGE | POOR | SCRAP */
    inCondition: text('in_condition').notNull(),
    outDate: date('out_date'),
    /** SALE | RELEASE | TRANSFER */
    outReason: text('out_reason'),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('asset_yard_stays_case_idx').on(t.caseId, t.id),
    uniqueIndex('asset_yard_stays_open_uq')
      .on(t.caseId)
      .where(sql`${t.outDate} is null`),
    index('asset_yard_stays_yard_open_idx')
      .on(t.yardId)
      .where(sql`${t.outDate} is null`),
  ],
);

/**
 * The empanelled agencies of repossession and SARFAESI (Repossession Settings → Agencies; not the collection agencies): repossession, valuation, auction and DM filing agencies,
 * each serving the listed units (and the units below them) until its empanelment lapses.
 */
export const securedAgencies = pgTable(
  'secured_agencies',
  {
    id: serial('id').primaryKey(),
    /** REPOSSESSION | VALUATION | AUCTION | DM_FILING */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    registrationNo: text('registration_no').notNull(),
    validUntil: date('valid_until').notNull(),
    contact: text('contact').notNull(),
    /** the units it serves (each with the units below it) */
    unitIds: integer('unit_ids').array().notNull(),
    active: boolean('active').notNull().default(true),
    /**
     * the lender's authorisation letter to the agency (a document without an account, category AGENCY_LETTER); a
     * repossession agency is usable only with it on file (its agents carry it: RBI recovery agent guidelines)
     */
    letterDocumentId: bigint('letter_document_id', { mode: 'number' }).references(() => documents.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('secured_agencies_kind_idx').on(t.kind, t.name)],
);

/**
 * The asset detail of a repossession or SARFAESI case (issue 15), captured at Asset Detail Capture (the assetInventory
 * widget): one row per case, a VEHICLE (the vehicle columns) or a PROPERTY (the property columns). Its photos are
 * case documents under the stage's photo checklist code; its inventory lines are asset_inventory_items.
 */
export const assetInventories = pgTable('asset_inventories', {
  caseId: bigint('case_id', { mode: 'number' })
    .primaryKey()
    .references(() => cases.id),
  /** VEHICLE | PROPERTY */
  kind: text('kind').notNull(),
  registrationNo: text('registration_no'),
  makeModel: text('make_model'),
  chassisNo: text('chassis_no'),
  engineNo: text('engine_no'),
  odometerKm: integer('odometer_km'),
  /** EMPTY | QUARTER | HALF | THREE_QUARTERS | FULL */
  fuelLevel: text('fuel_level'),
  keysHandedOver: boolean('keys_handed_over'),
  /** the vehicle's condition: GOOD | AVERAGE | POOR | DAMAGED */
  vehicleCondition: text('vehicle_condition'),
  address: text('address'),
  /** the area in hundredths of its unit */
  areaHundredths: bigint('area_hundredths', { mode: 'number' }),
  /** SQ_FT | SQ_M | ACRE | HECTARE */
  areaUnit: text('area_unit'),
  surveyNo: text('survey_no'),
  boundaries: text('boundaries'),
  titleDeedRef: text('title_deed_ref'),
  /** VACANT | OWNER_OCCUPIED | TENANTED | LOCKED */
  occupancy: text('occupancy'),
  remarks: text('remarks'),
  updatedByUserId: integer('updated_by_user_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The inventory lines of a case's asset (what was found with it), in the order entered. */
export const assetInventoryItems = pgTable(
  'asset_inventory_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => assetInventories.caseId),
    lineNo: integer('line_no').notNull(),
    item: text('item').notNull(),
    quantity: integer('quantity').notNull(),
    /** GOOD | AVERAGE | POOR | DAMAGED */
    condition: text('condition').notNull(),
  },
  (t) => [uniqueIndex('asset_inventory_items_case_line_key').on(t.caseId, t.lineNo)],
);

/**
 * The newspaper publications of a SARFAESI case (issue 15, Rules 3, 8(2), 8(6)): per purpose (DEMAND_NOTICE,
 * POSSESSION_NOTICE, SALE_NOTICE) each paper's name, language (ENGLISH or VERNACULAR with the language's name),
 * edition and date, and its scan (a case document). Recorded by the publications widget at the purpose's stage.
 */
export const casePublications = pgTable(
  'case_publications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: bigint('case_id', { mode: 'number' })
      .notNull()
      .references(() => cases.id),
    /** DEMAND_NOTICE | POSSESSION_NOTICE | SALE_NOTICE */
    purpose: text('purpose').notNull(),
    newspaper: text('newspaper').notNull(),
    /** ENGLISH | VERNACULAR */
    language: text('language').notNull(),
    vernacularLanguage: text('vernacular_language'),
    edition: text('edition').notNull(),
    publishedOn: date('published_on', { mode: 'string' }).notNull(),
    scanDocumentId: bigint('scan_document_id', { mode: 'number' })
      .notNull()
      .references(() => caseDocuments.id),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('case_publications_case_idx').on(t.caseId, t.purpose),
    check('case_publications_language_check', sql`${t.language} in ('ENGLISH', 'VERNACULAR')`),
    check(
      'case_publications_vernacular_check',
      sql`(${t.language} = 'VERNACULAR') = (${t.vernacularLanguage} is not null)`,
    ),
  ],
);
