import type { ReceiptsKey } from './receipts-en.ts';

// German strings of receipts.
export const receiptsDe: Record<ReceiptsKey, string> = {
  ErrorIdempotencyKeyReused:
    'Dieser Zahlungsschlüssel wurde schon für eine andere Zahlung verwendet. Erfassen Sie neu.',
  ErrorIdempotencyInFlight: 'Diese Zahlung wird noch gespeichert. Warten Sie kurz und prüfen Sie die Quittungen.',
};
