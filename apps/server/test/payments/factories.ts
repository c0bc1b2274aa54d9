import type { Database } from '@recovery-desk/db/client.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import type { RequestContext } from '../../src/http/request-context.ts';
import { postReceiptInTx, type PostReceiptInput } from '../../src/modules/receipts/index.ts';
import { createAccount } from '../collections/factories.ts';
import { uniqueName, type TestUnit, type TestUser } from '../factories.ts';

/**
 * A receipt on a new account of `unit`, posted through the receipts part by `collector` (a system number unless the
 * mode is a book mode; source IMPORT with a unique source ref). The caller sets its status and date as it needs.
 */
export async function postTestReceipt(
  db: Database,
  input: { unit: TestUnit; collector: TestUser } & Partial<PostReceiptInput>,
) {
  const { unit, collector } = input;
  const account = await createAccount(db, { unit, dpd: 10 });
  const ctx: RequestContext = {
    requestId: 'test',
    ip: '127.0.0.1',
    user: { id: collector.id, username: collector.username, email: collector.email, fullName: 'C', familyId: 'f' },
    actingUnit: { id: unit.id, code: unit.code, path: unit.path, hasChildren: false },
    app: 'collapp',
  };
  return withTransaction(db, (tx) =>
    postReceiptInTx(
      tx,
      {
        accountId: account.id,
        mode: input.mode ?? 'CASH',
        amountMinor: input.amountMinor ?? 1000_00n,
        currency: 'INR',
        reference: input.reference ?? null,
        receivedByUserId: collector.id,
        receivedUnitId: unit.id,
        source: 'IMPORT',
        sourceRef: uniqueName('import'),
      },
      ctx,
    ),
  );
}
