import {
  defaultSecuredTemplate,
  SECURED_PLACEHOLDERS,
  type SecuredDocumentKind,
  type SecuredValues,
} from '@recovery-desk/domain/secured-assets/document-templates.ts';
import { renderNotice } from '@recovery-desk/domain/legal/notice-templates.ts';
import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { translator } from '@recovery-desk/i18n/translator.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import type { Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { safeFileName } from '../../../documents/document-types.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import {
  findNoticeTemplate,
  formatNoticeAmount,
  formatNoticeDate,
  NOTICE_LANGUAGE,
  productLabel,
  renderNoticePdf,
} from '../../legal/index.ts';
import { addGeneratedDocument } from '../../workflow/index.ts';
import {
  findCaseLot,
  findCaseYard,
  findSecuredFacts,
  type Obligor,
  type PostalAddress,
  type SecuredFacts,
} from '../facts.repository.ts';
import { inventoryText, type AssetInventory } from '@recovery-desk/domain/secured-assets/inventory.ts';
import { findInventory } from '../inventory.repository.ts';

// A repossession or SARFAESI document: its kind's template (the stored, edited one, else the built-in default) filled
// with the case, account, obligor and lender values, rendered to PDF by the legal notice machinery and stored on the
// case as a generated document with a checklist code, inside the step's transaction, with an audit row.

const text = (value: unknown): string | undefined =>
  value === undefined || value === null || String(value).trim() === '' ? undefined : String(value);

export function addressLines(address: PostalAddress | null): string | undefined {
  if (!address) return undefined;
  const lines = [address.line1, address.line2, address.line3, address.landmark].filter(
    (line): line is string => typeof line === 'string' && line.trim() !== '',
  );
  lines.push(`${address.city}, ${address.state} - ${address.pinCode}`);
  return lines.join('\n');
}

const ROLE_WORDS: Record<string, string> = {
  BORROWER: 'Borrower',
  CO_BORROWER: 'Co-borrower',
  GUARANTOR: 'Guarantor',
};

/** Every obligor, numbered, each with their role and address: the borrower first, then the co-obligors. */
export function obligorLines(facts: SecuredFacts): string {
  const all: Obligor[] = [
    { role: 'BORROWER', name: facts.customerName, address: addressLines(facts.address) ?? null },
    ...facts.coObligors,
  ];
  return all
    .map((obligor, index) => {
      const head = `${index + 1}. ${obligor.name} (${ROLE_WORDS[obligor.role] ?? obligor.role})`;
      return obligor.address ? `${head}\n${obligor.address}` : head;
    })
    .join('\n');
}

/** The offset of a date rule of the definition (the timelines its settings version was built from). */
function ruleDays(definition: WorkflowDefinition, rule: string): string | undefined {
  const found = definition.dateRules.find((candidate) => candidate.name === rule);
  return found?.offsetDays === undefined ? undefined : String(found.offsetDays);
}

/** The English words of a select field's value (its option label), else the value. */
function optionWords(definition: WorkflowDefinition, name: string, value: unknown): string | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  for (const stage of definition.stages) {
    const option = stage.fields.find((field) => field.name === name)?.options?.find((o) => o.value === raw);
    if (option) return translator(NOTICE_LANGUAGE).tr(option.labelKey, raw);
  }
  return raw;
}

/** The template values of a case at the step that generates the document. */
export function securedValues(
  facts: SecuredFacts,
  input: {
    definition: WorkflowDefinition;
    fields: Record<string, unknown>;
    documentDate: string;
    officer: string;
    /** the asset detail captured at Asset Detail Capture (the record wins over the case's older free-text fields) */
    inventory?: AssetInventory | null;
    /** the yard the asset is in now, else the last one (the yard register wins over the case's yardName field) */
    yardName?: string | null;
    yardAddress?: string | null;
    /** the case's lot in its auction batch (SARFAESI) */
    lot?: { lotNo: number; batchNo: string; auctionAgency: string } | null;
  },
): SecuredValues {
  const fields = input.fields;
  const vehicle = input.inventory?.vehicle ?? null;
  const money = (value: unknown) => {
    const raw = text(value);
    return raw === undefined ? undefined : formatNoticeAmount(raw, facts.currency);
  };
  const date = (value: unknown) => {
    const raw = text(value);
    return raw === undefined ? undefined : formatNoticeDate(raw);
  };
  const { definition } = input;
  const isSarfaesi = facts.definitionCode === 'SARFAESI';
  return {
    documentDate: formatNoticeDate(input.documentDate),
    caseNo: facts.caseNo,
    lenderName: facts.lenderName,
    branchName: facts.branchName,
    authorisedOfficer: input.officer,
    customerName: facts.customerName,
    customerAddress: addressLines(facts.address),
    obligors: obligorLines(facts),
    accountNo: facts.accountNo,
    product: productLabel(facts.product),
    totalDueAmount: formatNoticeAmount(facts.totalDueAmount, facts.currency),
    assetType: optionWords(definition, 'assetType', fields.assetType),
    registrationNo: text(vehicle?.registrationNo ?? fields.registrationNo),
    chassisNo: text(vehicle?.chassisNo ?? fields.chassisNo),
    engineNo: text(vehicle?.engineNo ?? fields.engineNo),
    overdueAmount: money(fields.overdueAmount ?? facts.totalDueAmount),
    noticeDays: ruleDays(definition, 'REPO_NOTICE_PERIOD'),
    repoAgencyName: text(fields.repoAgencyName),
    authorisationLetterNo: text(fields.authorisationLetterNo),
    policeStation: text(fields.policeStation),
    policeIntimationDate: date(fields.policePreIntimationDate ?? fields.policeIntimationDate),
    yardName: text(input.yardName ?? fields.yardName),
    yardAddress: text(input.yardAddress),
    repossessionDate: date(fields.repossessionDate),
    odometerReading: vehicle ? `${vehicle.odometerKm} km` : text(fields.odometerReading),
    inventory: input.inventory ? inventoryText(input.inventory) : text(fields.inventory),
    saleNoticeDays: isSarfaesi
      ? ruleDays(
          definition,
          fields.saleNoticeType === 'SUBSEQUENT_SALE'
            ? 'SARF_R9_1_RESALE_NOTICE_PERIOD'
            : 'SARF_R9_1_SALE_NOTICE_PERIOD',
        )
      : ruleDays(definition, 'REPO_PRE_SALE_NOTICE_PERIOD'),
    reservePrice: money(fields.reservePrice),
    // SARFAESI's buyer is the H1 bidder; a repossession sale names its buyer at Asset Sale (else H1 or the offer).
    buyerName: text(
      isSarfaesi
        ? (fields.h1BidderName ?? fields.buyerName)
        : (fields.buyerName ?? fields.highestBidderName ?? fields.h1BidderName),
    ),
    saleAmount: money(fields.saleAmount ?? fields.highestBid ?? fields.saleOfferAmount),
    saleDate: date(fields.saleDate),
    paymentReference: text(fields.paymentReference),
    npaDate: date(fields.npaDate),
    // The §13(2) split: the amounts the initiation captured, else the account's own balances.
    principalOutstanding: money(fields.principalOutstanding ?? facts.principalOutstanding),
    interestOutstanding: money(fields.interestOutstanding ?? facts.interestOutstanding),
    chargesOutstanding: money(fields.chargesOutstanding ?? facts.chargesOutstanding),
    securedDebtAmount: money(fields.demandAmount ?? fields.securedDebtAmount),
    demandNoticeDays: ruleDays(definition, 'SARF_13_2_NOTICE_PERIOD'),
    demandNoticeDate: date(fields.demandNoticeDate),
    representationReceivedDate: date(fields.representationReceivedDate),
    representationReplyDate: date(fields.representationReplyDate),
    representationReplyDays: ruleDays(definition, 'SARF_13_3A_REPLY_DUE'),
    representationReplyReasons: text(fields.representationReplyReasons),
    propertyDescription: text(fields.propertyDescription),
    cersaiAssetId: text(fields.cersaiAssetId),
    possessionDate: date(fields.possessionDate),
    magistrateOrderNo: text(fields.s14OrderNo),
    magistrateOrderDate: date(fields.s14OrderDate),
    magistrate: optionWords(definition, 'dmAuthority', fields.dmAuthority),
    physicalPossessionScheduledOn: date(fields.physicalPossessionScheduledOn),
    auctionBatchNo: text(fields.auctionBatchNo ?? input.lot?.batchNo),
    auctionDate: date(fields.auctionDate),
    auctionTime: text(fields.auctionTime),
    lotNo: input.lot ? String(input.lot.lotNo) : undefined,
    // the agency allocated to the case, else the batch's portal (the notice precedes the allocation)
    auctionAgency: optionWords(definition, 'auctionAgency', fields.auctionAgency) ?? text(input.lot?.auctionAgency),
    bidIncrement: money(fields.bidIncrement),
    firstInspectionDate: date(fields.inspectionDate1),
    secondInspectionDate: date(fields.inspectionDate2),
    emdAmount: money(fields.emdAmount),
    emdLastDate: date(fields.emdLastDate),
    saleConfirmationDate: date(fields.saleConfirmationDate),
    balanceReceivedDate: date(fields.balanceReceivedDate),
  };
}

/** The template of a kind: the edited one (Repossession Settings), else the built-in. */
export async function securedTemplate(tx: Transaction, kind: SecuredDocumentKind) {
  const stored = await findNoticeTemplate(tx, kind);
  return stored ?? defaultSecuredTemplate(kind);
}

export type SecuredDocumentInput = {
  caseId: number;
  kind: SecuredDocumentKind;
  /** the checklist code the document is filed under */
  code: string;
  /** the stage the case is at once the step applies */
  stage: string;
  definition: WorkflowDefinition;
  /** the case's fields after the step */
  fields: Record<string, unknown>;
  documentDate: string;
};

/** Renders one document of the case and stores it on the case (generated), with an audit row. */
export async function createSecuredDocument(
  tx: Transaction,
  deps: AppDeps,
  ctx: UnitContext,
  input: SecuredDocumentInput,
): Promise<{ documentId: number; pdf: Uint8Array; missing: string[] }> {
  const facts = await findSecuredFacts(tx, input.caseId);
  if (!facts) throw new AppError('NOT_FOUND', 'Case not found');
  const template = await securedTemplate(tx, input.kind);
  const inventory = await findInventory(tx, input.caseId);
  const yard = await findCaseYard(tx, input.caseId);
  const lot = facts.definitionCode === 'SARFAESI' ? await findCaseLot(tx, input.caseId) : undefined;
  const rendered = renderNotice(
    template,
    securedValues(facts, {
      definition: input.definition,
      fields: { ...facts.fields, ...input.fields },
      documentDate: input.documentDate,
      officer: ctx.user.fullName,
      inventory,
      yardName: yard?.name ?? null,
      yardAddress: yard?.address ?? null,
      lot: lot ?? null,
    }),
    SECURED_PLACEHOLDERS,
  );
  const words = translator(NOTICE_LANGUAGE);
  const pdf = await renderNoticePdf({
    lenderName: facts.lenderName,
    branchName: facts.branchName,
    title: rendered.title,
    paragraphs: rendered.paragraphs,
    subject: `${rendered.title}, ${facts.caseNo}, loan account ${facts.accountNo}`,
    createdAt: deps.clock.now(),
    pageLabel: (page, pages) => words.t('NoticePageOf', { page, pages }),
  });
  const stem = input.kind.toLowerCase().replace(/_/g, '-');
  const { documentId } = await addGeneratedDocument(tx, deps, {
    caseId: facts.caseId,
    code: input.code,
    stage: input.stage,
    fileName: safeFileName(`${stem}-${facts.caseNo.replace(/\//g, '-')}-${input.documentDate}.pdf`, 'document.pdf'),
    documentName: rendered.title,
    mimeType: 'application/pdf',
    content: pdf,
    actorUserId: ctx.user.id,
  });
  await emitAudit(tx, ctx, {
    action: 'secured_assets.document_generate',
    entity: 'case',
    entityId: facts.caseId,
    after: {
      caseNo: facts.caseNo,
      kind: input.kind,
      code: input.code,
      documentId,
      documentDate: input.documentDate,
      sizeBytes: pdf.length,
      ...(rendered.missing.length > 0 ? { missing: rendered.missing } : {}),
    },
  });
  return { documentId, pdf, missing: rendered.missing };
}
