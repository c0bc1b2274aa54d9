import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Download, type Page } from '@playwright/test';
// pdf-lib is the server's PDF library (apps/server), hoisted to the workspace root by npm.
import { PDFDocument } from 'pdf-lib';
import { DEMO_USERS } from '../../packages/db/src/demo-organisation.ts';
import { callApi } from './collections.ts';
import { signInToApp } from './session.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A small real PDF (one A4 page) used as the case documents the tests upload. */
export const CASE_DOCUMENT_PDF = path.resolve(here, '../fixtures/case-document.pdf');

/** Signs in, acts in the given unit in the legal app, and lands on its dashboard (/legal). */
export async function openLegalIn(page: Page, username: string, unitCode: string): Promise<void> {
  await signInToApp(page, { user: username, unit: unitCode, app: 'Legal' });
  await expect(page.getByRole('heading', { level: 1, name: 'Legal Dashboard' })).toBeVisible();
}

/** The display name of a demo user (as the case screens show the actor). */
export function fullNameOf(username: string): string {
  const user = DEMO_USERS.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`No demo user ${username}`);
  return user.fullName;
}

type CaseReply = { case: { caseId: number; stage: string; status: string; version: number }; error_code?: string };

/**
 * Applies an engine action to a case through the API as the signed-in user of `page` (the version is read first),
 * for tests that walk a case through earlier stages quickly; the stage reached is returned.
 */
export async function applyCaseAction(
  page: Page,
  caseId: number,
  input: { action: string; expectedStage: string; remarks?: string; fields?: Record<string, string> },
): Promise<string> {
  const current = await callApi<CaseReply>(page, 'GET', `/api/workflow/cases/${caseId}`);
  expect(current.status, JSON.stringify(current.body)).toBe(200);
  const reply = await callApi<CaseReply>(page, 'POST', `/api/workflow/cases/${caseId}/actions`, {
    ...input,
    version: current.body.case.version,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.case.stage;
}

/** Uploads a file to a case's checklist item through the API (multipart, as the case screen sends it). */
export async function uploadCaseDocument(page: Page, caseId: number, code: string, filePath: string): Promise<void> {
  const status = await page.evaluate(
    async ({ caseId, code, base64, fileName }) => {
      const session = JSON.parse(localStorage.getItem('recoveryDesk.session') ?? '{}') as {
        access?: string;
        actingUnit?: number;
      };
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const form = new FormData();
      form.append('code', code);
      form.append('file', new Blob([bytes], { type: 'application/pdf' }), fileName);
      const response = await fetch(`/api/workflow/cases/${caseId}/documents`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${session.access ?? ''}`,
          'X-Acting-Unit': String(session.actingUnit ?? ''),
        },
        body: form,
      });
      return response.status;
    },
    { caseId, code, base64: fs.readFileSync(filePath).toString('base64'), fileName: path.basename(filePath) },
  );
  expect(status, `upload of ${code} to case ${caseId}`).toBe(200);
}

/** The downloaded file is a PDF that pdf-lib can read, with at least one page; returns its page count. */
export async function expectPdfDownload(download: Download): Promise<number> {
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  const pages = pdf.getPageCount();
  expect(pages).toBeGreaterThanOrEqual(1);
  return pages;
}
