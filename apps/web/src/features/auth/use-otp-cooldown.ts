import { OTP_COOLDOWN_SECONDS } from '@recovery-desk/domain/sign-in-constants.ts';
import { useCallback, useEffect, useState } from 'react';

export function remainingSeconds(endsAt: number | null, now: number): number {
  return endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** The Get OTP cooldown of spec §4/§9: 120 seconds after a send, counted down every second. */
export function useOtpCooldown() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) setEndsAt(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number = OTP_COOLDOWN_SECONDS) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, []);

  const remaining = remainingSeconds(endsAt, now);
  return { remaining, isCoolingDown: remaining > 0, start };
}
