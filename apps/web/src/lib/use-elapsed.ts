import { useEffect, useState } from 'react';

/**
 * Milliseconds since `active` last became true (0 while inactive), updated at the given moments
 * only: a loading indicator needs to know when a threshold passed, not every frame.
 */
export function useElapsed(active: boolean, thresholdsMs: readonly number[]): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    setElapsed(0);
    if (!active) return;
    const start = Date.now();
    const timers = thresholdsMs.map((ms) => setTimeout(() => setElapsed(Date.now() - start), ms));
    return () => timers.forEach(clearTimeout);
    // The thresholds are constants of the caller: only `active` restarts the clock.
  }, [active]);
  return active ? elapsed : 0;
}
