import { customType, numeric, timestamp } from 'drizzle-orm/pg-core';

// Column kinds every schema file uses, declared once.

/** An amount: numeric(18,2), always stored beside its currency column. */
export const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
/** When the row was written (timestamptz, the database's now() by default). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Bytes (documents, uploaded files, generated results). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
