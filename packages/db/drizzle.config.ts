import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/schema.ts',
    './src/collections-schema.ts',
    './src/workflow-schema.ts',
    './src/cluster-schema.ts',
    './src/jobs-schema.ts',
    './src/approvals-schema.ts',
    './src/lists-schema.ts',
    './src/payments-schema.ts',
    './src/receipts-schema.ts',
    './src/settlements-schema.ts',
    './src/account-marks-schema.ts',
    './src/settings-schema.ts',
    './src/operations-schema.ts',
    './src/reports-schema.ts',
    './src/collection-uploads-schema.ts',
    './src/field-schema.ts',
    './src/secured-assets-schema.ts',
    './src/command-center-schema.ts',
  ],
  out: './migrations',
});
