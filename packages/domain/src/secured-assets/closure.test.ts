import { describe, expect, it } from 'vitest';
import { ClosureError, closureFigures } from './closure.ts';

describe('closure figures (SARFAESI §13(7), rule 15)', () => {
  it('a sale below the outstanding posts all the net proceeds and leaves a recoverable shortfall', () => {
    expect(
      closureFigures({
        closureType: 'SOLD',
        proceedsMinor: 395_000_00n,
        expensesMinor: 25_000_00n,
        outstandingMinor: 512_345_67n,
      }),
    ).toEqual({
      netProceedsMinor: 370_000_00n,
      appliedMinor: 370_000_00n,
      waivedMinor: 0n,
      shortfallMinor: 142_345_67n,
      surplusMinor: 0n,
    });
  });

  it('a sale above the outstanding clears it and refunds the surplus', () => {
    expect(
      closureFigures({
        closureType: 'SOLD',
        proceedsMinor: 4_200_000_00n,
        expensesMinor: 50_000_00n,
        outstandingMinor: 3_612_500_50n,
      }),
    ).toEqual({
      netProceedsMinor: 4_150_000_00n,
      appliedMinor: 3_612_500_50n,
      waivedMinor: 0n,
      shortfallMinor: 0n,
      surplusMinor: 537_499_50n,
    });
  });

  it('a release or a write-off brings no proceeds: the outstanding stays', () => {
    for (const closureType of ['RELEASED', 'REDEEMED', 'WRITTEN_OFF']) {
      expect(closureFigures({ closureType, proceedsMinor: 100n, expensesMinor: 0n, outstandingMinor: 5_000n })).toEqual(
        { netProceedsMinor: 0n, appliedMinor: 0n, waivedMinor: 0n, shortfallMinor: 5_000n, surplusMinor: 0n },
      );
    }
  });

  it('an account with nothing outstanding refunds the whole net proceeds', () => {
    expect(
      closureFigures({ closureType: 'SOLD', proceedsMinor: 1_000n, expensesMinor: 0n, outstandingMinor: 0n }),
    ).toEqual({
      netProceedsMinor: 1_000n,
      appliedMinor: 0n,
      waivedMinor: 0n,
      shortfallMinor: 0n,
      surplusMinor: 1_000n,
    });
  });

  it('counts an approved waiver against what the proceeds leave: the shortfall is dues − net proceeds − waiver', () => {
    expect(
      closureFigures({
        closureType: 'SOLD',
        proceedsMinor: 395_000_00n,
        expensesMinor: 25_000_00n,
        outstandingMinor: 512_345_67n,
        waiverMinor: 100_000_00n,
      }),
    ).toEqual({
      netProceedsMinor: 370_000_00n,
      appliedMinor: 370_000_00n,
      waivedMinor: 100_000_00n,
      shortfallMinor: 42_345_67n,
      surplusMinor: 0n,
    });
  });

  it('never counts more waiver than the proceeds leave, and none on a surplus', () => {
    const above = closureFigures({
      closureType: 'SOLD',
      proceedsMinor: 400_000_00n,
      expensesMinor: 0n,
      outstandingMinor: 450_000_00n,
      waiverMinor: 80_000_00n,
    });
    expect(above).toMatchObject({ appliedMinor: 400_000_00n, waivedMinor: 50_000_00n, shortfallMinor: 0n });
    const surplus = closureFigures({
      closureType: 'SOLD',
      proceedsMinor: 500_000_00n,
      expensesMinor: 0n,
      outstandingMinor: 450_000_00n,
      waiverMinor: 80_000_00n,
    });
    expect(surplus).toMatchObject({ waivedMinor: 0n, shortfallMinor: 0n, surplusMinor: 50_000_00n });
    expect(() =>
      closureFigures({
        closureType: 'SOLD',
        proceedsMinor: 0n,
        expensesMinor: 0n,
        outstandingMinor: 1n,
        waiverMinor: -1n,
      }),
    ).toThrow(ClosureError);
  });

  it('refuses expenses above the sale amount, naming the field', () => {
    expect(() =>
      closureFigures({ closureType: 'SOLD', proceedsMinor: 1_000n, expensesMinor: 1_001n, outstandingMinor: 0n }),
    ).toThrow(ClosureError);
    try {
      closureFigures({ closureType: 'SOLD', proceedsMinor: 1_000n, expensesMinor: 1_001n, outstandingMinor: 0n });
    } catch (error) {
      expect((error as ClosureError).field).toBe('saleExpenses');
    }
  });
});
