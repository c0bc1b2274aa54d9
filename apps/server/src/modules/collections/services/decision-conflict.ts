import { AppError } from '../../../http/app-error.ts';

// Why a conditional decision UPDATE changed nothing, told from a fresh read of the row.

export function decisionConflict(
  current: { status: string; version: number } | undefined,
  input: { version: number; openStatus: string; what: string },
): AppError {
  if (!current) return new AppError('NOT_FOUND', `${input.what} not found`);
  if (current.status !== input.openStatus) {
    return new AppError('ALREADY_DECIDED', `This ${input.what.toLowerCase()} has already been decided.`);
  }
  return new AppError(
    'STALE_VERSION',
    `This ${input.what.toLowerCase()} changed since you opened it (version ${input.version}, now ${current.version}). Reload and try again.`,
  );
}

export function makerCannotCheck(what: string): AppError {
  return new AppError('MAKER_CANNOT_CHECK', `You cannot decide ${what} you made yourself; another checker must.`);
}
