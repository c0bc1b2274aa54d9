import type { TFunction } from 'i18next';
import { describeError as describeApiError, errorCodeOf } from '../../../lib/describe-error.ts';

// The collections app describes failures with the shared describer (lib/describe-error.ts); this keeps the
// (t, error) call shape its dialogs use.

export { errorCodeOf };

export function describeError(t: TFunction, error: unknown): string {
  return describeApiError(error, t);
}
