/** A value as it was once the typing paused `ms` (what a search or lookup asks for, not every key). */
import { useEffect, useState } from 'react';

export function usePaused<T>(value: T, ms = 250): T {
  const [paused, setPaused] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setPaused(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return paused;
}
