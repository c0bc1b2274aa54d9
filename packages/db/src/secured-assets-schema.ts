import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './collections-schema.ts';
import { cases } from './workflow-schema.ts';
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('secured_agencies_kind_idx').on(t.kind, t.name)],
);
