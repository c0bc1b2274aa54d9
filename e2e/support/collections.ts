import type { Page } from '@playwright/test';
import { signInToApp } from './session.ts';

/** Signs in, acts in the given unit in the collections app, and lands on /collapp. */
export async function openCollectionsIn(page: Page, username: string, unitCode: string): Promise<void> {
  await signInToApp(page, { user: username, unit: unitCode, app: 'Collections' });
}

/** ISO date `days` after an ISO date. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Calls the API from the page with the session's tokens and acting unit (as the app's client does), for checks
 * that the server itself refuses what the interface hides.
 */
export async function callApi<Reply = { error_code?: string }>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Reply }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = JSON.parse(localStorage.getItem('recoveryDesk.session') ?? '{}') as {
        access?: string;
        actingUnit?: number;
      };
      const response = await fetch(path, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${session.access ?? ''}`,
          'X-Acting-Unit': String(session.actingUnit ?? ''),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Reply };
    },
    { method, path, body },
  );
}
