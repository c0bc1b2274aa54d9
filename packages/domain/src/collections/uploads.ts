import { z } from 'zod';
import { idParam, pageParam, pageSizeParam } from '../numeric-params.ts';
import {
  BANK_STATEMENT_COLUMNS,
  BANK_STATEMENT_EXAMPLE,
  BANK_STATEMENT_REQUIRED,
  NACH_COLUMNS,
  NACH_EXAMPLE,
  NACH_REQUIRED,
} from './payment-uploads.ts';
import { CONTACT_TYPES } from './contact-kinds.ts';

// Collections File Upload and File Download (issue 14, spec routes /collapp/upload FILE_UPLOAD_COLL_SAUTH and
// /collapp/download FILE_DOWNLOAD_COLL_SAUTH).
//   POST /api/collections/uploads (multipart: type, file)   FILE_UPLOAD_COLL_SAUTH  202: the job (all or nothing)
//   GET  /api/collections/uploads                          FILE_UPLOAD_COLL_SAUTH  the subtree's uploads
//   GET  /api/collections/uploads/:id                      FILE_UPLOAD_COLL_SAUTH  one upload with its row errors
//   GET  /api/collections/uploads/:id/errors               FILE_UPLOAD_COLL_SAUTH  the error report (CSV)
//   GET  /api/collections/uploads/template?type=&format=   FILE_UPLOAD_COLL_SAUTH  XLSX or CSV template
//   GET  /api/collections/downloads                        FILE_DOWNLOAD_COLL_SAUTH every generated file of the subtree
//   GET  /api/collections/downloads/:id/file               FILE_DOWNLOAD_COLL_SAUTH the file, while not expired

/**
 * The upload types: ALLOCATION (applies the allocations), ACCOUNT_MARKING (creates account-marking requests on the
 * approval kit; a checker approves them as any other), FOLLOW_UP (follow-ups and dispositions, recorded as the tray's
 * follow-up save does), PTP (promises, as the tray's PTP capture), CONTACT_UPDATE (the customer's phone, email or
 * address, as the Contact and Address tabs' saves), BANK_STATEMENT (the collection account's credits, matched as
 * reconciliation's bank side) and NACH (presentation results: receipts posted, bounces recorded; payment-uploads.ts).
 */
export const COLL_UPLOAD_TYPES = [
  'ALLOCATION',
  'ACCOUNT_MARKING',
  'FOLLOW_UP',
  'PTP',
  'CONTACT_UPDATE',
  'BANK_STATEMENT',
  'NACH',
] as const;
export type CollUploadType = (typeof COLL_UPLOAD_TYPES)[number];

/** The columns of each type's file, in template order (the header row must name each once, in any order). */
export const COLL_UPLOAD_COLUMNS: Record<CollUploadType, readonly string[]> = {
  ALLOCATION: ['accountNo', 'collectorUsername', 'agencyCode', 'reason'],
  ACCOUNT_MARKING: ['accountNo', 'mark', 'reason'],
  BANK_STATEMENT: BANK_STATEMENT_COLUMNS,
  NACH: NACH_COLUMNS,
  FOLLOW_UP: [
    'accountNo',
    'dispositionCode',
    'contactMode',
    'contactDate',
    'contactTime',
    'personContacted',
    'actionAmount',
    'nextActionDate',
    'nextActionTime',
    'remarks',
    'callingWindowOverride',
    'deviationReason',
  ],
  PTP: [
    'accountNo',
    'promisedAmount',
    'promisedDate',
    'mode',
    'contactDate',
    'contactTime',
    'personContacted',
    'remarks',
    'callingWindowOverride',
    'deviationReason',
  ],
  CONTACT_UPDATE: [
    'accountNo',
    'contactType',
    'category',
    'level',
    'newValue',
    'mode',
    'line2',
    'city',
    'state',
    'pinCode',
  ],
};

/** Which columns must have a value (ALLOCATION: exactly one of collectorUsername and agencyCode, checked apart). */
export const COLL_UPLOAD_REQUIRED: Record<CollUploadType, readonly string[]> = {
  ALLOCATION: ['accountNo'],
  ACCOUNT_MARKING: ['accountNo', 'mark', 'reason'],
  BANK_STATEMENT: BANK_STATEMENT_REQUIRED,
  NACH: NACH_REQUIRED,
  FOLLOW_UP: ['accountNo', 'dispositionCode', 'contactMode', 'contactDate', 'contactTime'],
  PTP: ['accountNo', 'promisedAmount', 'promisedDate', 'mode', 'contactDate', 'contactTime'],
  CONTACT_UPDATE: ['accountNo', 'contactType', 'newValue'],
};

export const COLL_UPLOAD_EXAMPLES: Record<CollUploadType, Record<string, string>> = {
  ALLOCATION: {
    accountNo: 'LN0000012345',
    collectorUsername: 'tc.andheri',
    agencyCode: '',
    reason: 'Bucket 2 moved to the Andheri telecalling desk',
  },
  ACCOUNT_MARKING: {
    accountNo: 'LN0000012345',
    mark: 'DISPUTE',
    reason: 'Borrower disputes the bounce charges of two EMIs',
  },
  BANK_STATEMENT: BANK_STATEMENT_EXAMPLE,
  NACH: NACH_EXAMPLE,
  FOLLOW_UP: {
    accountNo: 'LN0000012345',
    dispositionCode: 'CB',
    contactMode: 'CALL',
    contactDate: '2026-04-14',
    contactTime: '11:30',
    personContacted: 'Borrower',
    nextActionDate: '2026-04-16',
    nextActionTime: '10:00',
    remarks: 'Asked to call back after salary credit',
  },
  PTP: {
    accountNo: 'LN0000012345',
    promisedAmount: '12500.00',
    promisedDate: '2026-04-20',
    mode: 'CALL',
    contactDate: '2026-04-14',
    contactTime: '11:30',
    personContacted: 'Borrower',
    remarks: 'Will pay the overdue EMI by UPI',
  },
  CONTACT_UPDATE: {
    accountNo: 'LN0000012345',
    contactType: 'MOBILE',
    category: 'SELF',
    level: 'PRIMARY',
    newValue: '9876543210',
    mode: 'CALL',
  },
};

/**
 * Contact updates: which of the customer's contacts a row changes. MOBILE, LANDLINE and EMAIL rows change the contact
 * of that type, category (SELF by default) and level (PRIMARY by default) to `newValue`; ADDRESS rows change the
 * address of that type (category: RESIDENCE by default) and level, `newValue` being its first line, with line2, city,
 * state and pinCode.
 */
export const CONTACT_UPLOAD_TYPES = [...CONTACT_TYPES, 'ADDRESS'] as const;
/** An Indian mobile number: ten digits, the first 6 to 9. */
export const MOBILE_NUMBER = /^[6-9]\d{9}$/;
/** How far before the business date a follow-up or promise in a file may have been taken. */
export const FOLLOW_UP_UPLOAD_BACKDATE_DAYS = 30;

/** The most data rows one file may hold. */
export const COLL_UPLOAD_MAX_ROWS = 100_000;
/** The largest file accepted (a 100,000-row allocation CSV is about 5 MB). */
export const COLL_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Row errors kept on the record and shown (the error report file holds them all). */
export const COLL_UPLOAD_SHOWN_ERRORS = 500;

/**
 * PROCESSING from the request until the job ends; APPLIED (every row applied, in one transaction), REJECTED (at
 * least one row has an error: nothing applied), FAILED (the job failed for good: nothing applied).
 */
export const COLL_UPLOAD_STATUSES = ['PROCESSING', 'APPLIED', 'REJECTED', 'FAILED'] as const;
export type CollUploadStatus = (typeof COLL_UPLOAD_STATUSES)[number];

export const TEMPLATE_FORMATS = ['xlsx', 'csv'] as const;

export const collUploadErrorSchema = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type CollUploadError = z.infer<typeof collUploadErrorSchema>;

export const collUploadRowSchema = z.object({
  uploadId: z.number(),
  type: z.enum(COLL_UPLOAD_TYPES),
  fileName: z.string(),
  status: z.enum(COLL_UPLOAD_STATUSES),
  totalRows: z.number(),
  appliedRows: z.number(),
  errorRows: z.number(),
  /** the FAILED upload's reason */
  failure: z.string().nullable(),
  jobId: z.number(),
  uploadedBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CollUploadRow = z.infer<typeof collUploadRowSchema>;

export const collUploadReplySchema = collUploadRowSchema.extend({
  /** the first COLL_UPLOAD_SHOWN_ERRORS row errors, by row */
  errors: z.array(collUploadErrorSchema),
});
export type CollUploadReply = z.infer<typeof collUploadReplySchema>;

export const collUploadQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParam,
  status: z.enum(COLL_UPLOAD_STATUSES).optional(),
  type: z.enum(COLL_UPLOAD_TYPES).optional(),
});
export type CollUploadQuery = z.infer<typeof collUploadQuerySchema>;

export const collUploadPageSchema = z.object({
  data: z.array(collUploadRowSchema),
  count: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type CollUploadPage = z.infer<typeof collUploadPageSchema>;

export const collUploadParamsSchema = z.object({ id: idParam });
export const collTemplateQuerySchema = z.object({
  type: z.enum(COLL_UPLOAD_TYPES),
  format: z.enum(TEMPLATE_FORMATS).default('xlsx'),
});

// File Download: every file a job of the subtree produced (exports, reports, notices, upload error reports).

export const downloadRowSchema = z.object({
  jobId: z.number(),
  kind: z.string(),
  fileName: z.string(),
  generatedBy: z.string().nullable(),
  unitCode: z.string().nullable(),
  generatedAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type DownloadRow = z.infer<typeof downloadRowSchema>;

export const downloadQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParam,
  /** also list files past their retention (shown as expired, not downloadable) */
  expired: z.enum(['include', 'exclude']).default('exclude'),
});
export type DownloadQuery = z.infer<typeof downloadQuerySchema>;

export const downloadPageSchema = z.object({
  data: z.array(downloadRowSchema),
  count: z.number(),
  page: z.number(),
  pageSize: z.number(),
  retentionDays: z.number(),
});
export type DownloadPage = z.infer<typeof downloadPageSchema>;
