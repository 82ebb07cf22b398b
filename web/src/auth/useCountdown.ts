import { useEffect, useState } from 'react';

/**
 * Whole seconds left of `seconds`, counting down once a second. It starts again whenever
 * `restartKey` changes (a new code sent), and stops at 0.
 */
export function useCountdown(seconds: number, restartKey: unknown): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const endsAt = Date.now() + seconds * 1000;
    setLeft(seconds);
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, restartKey]);
  return left;
}

/** 300 → "5:00", 61 → "1:01" (spec 001 §9: the code's expiry as m:ss). */
export const minutesAndSeconds = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
