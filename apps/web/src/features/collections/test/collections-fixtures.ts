import type { AccountRow, AccountView } from '@recovery-desk/domain/collections/contracts.ts';
import { vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures.ts';

// Replies of the collections API as the shared contract describes them, for screen tests.

export function accountRow(id: number, patch: Partial<AccountRow> = {}): AccountRow {
  return {
    accountId: id,
    accountNo: `AUTO${String(id).padStart(8, '0')}`,
    cardNo: null,
    customerName: `Customer ${id}`,
    product: 'AUTO',
    currency: 'INR',
    dpd: 45,
    bucket: 'B2',
    assetClass: 'SMA-1',
    totalBalanceOutstanding: '512345.50',
    totalAmountOverdue: '25000.00',
    lastContactedBy: null,
    lastActionDate: null,
    nextActionDate: null,
    allocatedTo: 'Priya Sharma',
    unitCode: 'BR-AND',
    isOnHold: false,
    isSuppressed: false,
    version: 1,
    ...patch,
  };
}

export function page<Row>(
  data: Row[],
  patch: Partial<{ count: number; nextCursor: string | null; prevCursor: string | null }> = {},
) {
  return { data, count: data.length, pageSize: 25, nextCursor: null, prevCursor: null, ...patch };
}

export function accountView(
  patch: Partial<AccountView> = {},
): AccountView & { documents: unknown[]; cheques: unknown[] } {
  return {
    tabs: [
      { name: 'Account', editable: false },
      { name: 'Customer', editable: false },
      { name: 'Address', editable: true },
      { name: 'Contact', editable: true },
      { name: 'CollateralDetails', editable: false },
      { name: 'Payments', editable: false },
      { name: 'LinkedAccounts', editable: false },
      { name: 'Followup', editable: true },
    ],
    account: {
      id: 501,
      accountNo: 'AUTO00000501',
      cardNo: null,
      dpd: 45,
      bucket: 'B2',
      assetClass: 'SMA-1',
      bounceDate: '2025-09-20',
      bounceReason: 'Insufficient funds',
      bounceCharges: '590.00',
      totalInterestOutstanding: '12000.00',
      totalPrincipalOutstanding: '450000.00',
      otherCharges: '0.00',
      overdueCharges: '1200.00',
      loanAmount: '600000.00',
      emiAmount: '14500.00',
      totalDueAmount: '29000.00',
      tenure: 48,
      issuedBy: 'Andheri Branch',
      promoCode: null,
      branchName: 'Andheri Branch',
      scheme: 'Car Loan Standard',
      product: 'AUTO',
      currency: 'INR',
      maturityDate: '2028-06-05',
      lastDueDate: '2025-10-05',
      disbursalDate: '2024-06-05',
      repaymentMode: 'NACH',
      delinquentFlag: true,
      allocatedTo: 'Priya Sharma',
      isOnHold: false,
      isSuppressed: false,
      inSkipTrace: false,
      version: 3,
      marks: [],
    },
    customer: {
      id: 77,
      cif: 'CIF0000077',
      customerName: 'Ramesh Kulkarni',
      pan: 'ABCPK1234F',
      customerType: 'INDIVIDUAL',
      generalBanking: null,
      segmentation: 'Retail',
      dob: '1985-04-12',
      serviceSegment: null,
      timeZone: 'Asia/Kolkata',
    },
    addresses: [
      {
        id: 11,
        addressType: 'RESIDENCE',
        line1: '12 Shanti Niwas',
        line2: 'JP Road',
        line3: null,
        landmark: 'Near Andheri Station',
        city: 'Mumbai',
        state: 'Maharashtra',
        country: 'India',
        pinCode: '400053',
        customerName: 'Ramesh Kulkarni',
        level: 'PRIMARY',
        version: 2,
      },
    ],
    contacts: [
      {
        id: 21,
        contactType: 'MOBILE',
        contactCategory: 'SELF',
        phone: '9876543210',
        email: null,
        customerName: 'Ramesh Kulkarni',
        level: 'PRIMARY',
        mode: 'CALL',
        isValid: true,
        invalidReason: null,
        version: 4,
      },
    ],
    collaterals: [],
    dues: [],
    payments: [],
    linkedAccounts: [],
    followUps: [
      {
        id: 900,
        contactMode: 'CALL',
        reminderMode: null,
        contactedByUnit: 'BR-AND',
        contactedBy: 'Priya Sharma',
        contactedAt: '2025-10-30T06:00:00.000Z',
        personContacted: 'Self',
        dispositionCode: 'RNR',
        actionAmount: null,
        nextActionDate: null,
        nextActionTime: null,
        remarks: 'No answer',
        documentId: null,
        callingWindowOverride: null,
      },
    ],
    ptps: [],
    restrictions: [],
    allocationHistory: [],
    documents: [],
    cheques: [],
    ...patch,
  };
}

export const DISPOSITIONS_REPLY = {
  data: [
    {
      code: 'PTP',
      label: 'Promise to pay',
      contactKind: 'RPC',
      nextStep: 'PTP',
      requiresAmount: true,
      requiresNextActionDate: true,
    },
    {
      code: 'RNR',
      label: 'Ringing, no response',
      contactKind: 'NONE',
      nextStep: 'NONE',
      requiresAmount: false,
      requiresNextActionDate: false,
    },
    {
      code: 'WN',
      label: 'Wrong number',
      contactKind: 'NONE',
      nextStep: 'SKIP_TRACE',
      requiresAmount: false,
      requiresNextActionDate: false,
    },
  ],
};

export type Route = { method?: string; match: RegExp; reply: () => Response | Promise<Response> };
export type RecordedCall = { method: string; url: string; body: unknown };

/** A fake API at the fetch boundary: the first route whose method and URL match answers. */
export function stubApi(routes: Route[]) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    // The list kit's saved views (every list's toolbar) are not what these tests look at: none, unrecorded.
    if (url.includes('/api/lists/views')) return jsonResponse(200, { views: [] });
    calls.push({ method, url, body });
    const route = routes.find((item) => (item.method ?? 'GET') === method && item.match.test(url));
    if (!route) return jsonResponse(404, { error_code: 'NOT_FOUND', detail: `no fake route for ${method} ${url}` });
    return route.reply();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
