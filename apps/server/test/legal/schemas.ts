import { trayPageSchema } from '@recovery-desk/domain/collections/contracts.ts';
import { poolRowSchema } from '@recovery-desk/domain/legal/contracts.ts';

// Reply schemas the legal tests parse with (the shared contracts compose them; the server validates the same).
export const poolPageSchemaForTest = trayPageSchema(poolRowSchema);
