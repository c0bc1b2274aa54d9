import type { ReceiptsKey } from './receipts-en.ts';

// Hindi strings of receipts.
export const receiptsHi: Record<ReceiptsKey, string> = {
  ErrorIdempotencyKeyReused: 'यह भुगतान कुंजी पहले किसी अन्य भुगतान के लिए उपयोग हो चुकी है। नई रसीद शुरू करें।',
  ErrorIdempotencyInFlight: 'यह भुगतान अभी सहेजा जा रहा है। थोड़ा रुकें और रसीदें देखें।',
};
