import type { ReceiptsKey } from './receipts-en.ts';

// Arabic strings of receipts.
export const receiptsAr: Record<ReceiptsKey, string> = {
  ErrorIdempotencyKeyReused: 'استُخدم مفتاح الدفع هذا لدفعة أخرى. ابدأ تسجيلاً جديداً.',
  ErrorIdempotencyInFlight: 'ما زال حفظ هذه الدفعة جارياً. انتظر قليلاً ثم راجع الإيصالات.',
};
