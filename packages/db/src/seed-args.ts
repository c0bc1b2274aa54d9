import { assertIsoDate } from './book-sql.ts';

// Argument rules of `npm run seed` (seed-cli.ts), kept pure so unit tests cover them.

export const SEED_USAGE = `Usage: npm run seed -- [--accounts N] [--business-date YYYY-MM-DD] [--seed S] [--batch-size B]

  --accounts N          accounts to add (default: 20,000 for a new organisation, none for an existing one)
  --business-date D     business date of a new organisation (default: today); an existing one keeps its own
  --seed S              seed of the generated book (default 1): same seed and database, same book
  --batch-size B        accounts per batch (default 100,000)

DATA_DIR selects the embedded database folder (default ./data); DATABASE_URL selects PostgreSQL instead.`;

export type SeedArgs = { accounts?: number; businessDate?: string; seed?: number; batchSize?: number };

function wholeNumber(name: string, raw: string, min: number, max: number): number {
  const text = raw.replaceAll('_', '').replaceAll(',', '');
  if (!/^\d+$/.test(text)) throw new Error(`--${name} must be a whole number, got ${JSON.stringify(raw)}`);
  const value = Number(text);
  if (value < min || value > max) throw new Error(`--${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function parseSeedArgs(values: {
  accounts?: string;
  'business-date'?: string;
  seed?: string;
  'batch-size'?: string;
}): SeedArgs {
  const args: SeedArgs = {};
  if (values.accounts !== undefined) args.accounts = wholeNumber('accounts', values.accounts, 0, 50_000_000);
  if (values['business-date'] !== undefined) {
    args.businessDate = assertIsoDate(values['business-date'], '--business-date');
  }
  if (values.seed !== undefined) args.seed = wholeNumber('seed', values.seed, 0, 1_000_000_000);
  if (values['batch-size'] !== undefined) {
    args.batchSize = wholeNumber('batch-size', values['batch-size'], 1_000, 1_000_000);
  }
  return args;
}
