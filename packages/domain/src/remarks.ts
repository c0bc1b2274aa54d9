import { z } from 'zod';
import { MESSAGES } from './validation.ts';

// Remarks: one rule for every decision in the product. A reject, a pushback and a decline must say why (the maker
// and the history read it); an approval may. The approval kit, the collections decisions, the legal pool's "not fit
// for legal" and the workflow engine all take their remarks rule from here, so none can forget it.

export const REMARKS_MAX_LENGTH = 500;

/** The decision kinds (and workflow action names) that need remarks. */
export const DECISIONS_NEEDING_REMARKS = ['reject', 'pushback', 'decline'] as const;
export type DecisionNeedingRemarks = (typeof DECISIONS_NEEDING_REMARKS)[number];

/** Whether a decision of this kind (approval kit) or an action of this name (workflow) must carry remarks. */
export function decisionNeedsRemarks(kindOrName: string): kindOrName is DecisionNeedingRemarks {
  return (DECISIONS_NEEDING_REMARKS as readonly string[]).includes(kindOrName);
}

/** Remarks that must be given: trimmed, not empty (the spec's 'This field is required'). */
export const requiredRemarksSchema = (maxLength: number = REMARKS_MAX_LENGTH) =>
  z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(maxLength);

/** Remarks that may be left out. */
export const optionalRemarksSchema = (maxLength: number = REMARKS_MAX_LENGTH) =>
  z.string().trim().max(maxLength).optional();

/** Remarks for a decision of this kind: required for reject, pushback and decline, optional otherwise. */
export function remarksSchemaFor(kindOrName: string, maxLength: number = REMARKS_MAX_LENGTH) {
  return decisionNeedsRemarks(kindOrName) ? requiredRemarksSchema(maxLength) : optionalRemarksSchema(maxLength);
}

/** Whether given remarks count as remarks (something other than white space). */
export function hasRemarks(remarks: string | null | undefined): boolean {
  return typeof remarks === 'string' && remarks.trim() !== '';
}
