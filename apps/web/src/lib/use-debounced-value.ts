import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delayMs` (search boxes: docs/limits.md, 500 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(t);
  }, [value, delayMs]);
  return settled;
}
