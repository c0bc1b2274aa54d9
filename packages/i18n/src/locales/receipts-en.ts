// English strings of receipts (issue 13): capture, verification, cancellation, the viewer and receipt books.
export const receiptsEn = {
  ErrorIdempotencyKeyReused: 'This payment key was already used for a different payment. Start a new capture.',
  ErrorIdempotencyInFlight: 'This payment is still being saved. Wait a moment and check the receipts.',
} as const;
export type ReceiptsKey = keyof typeof receiptsEn;
