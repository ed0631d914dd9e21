import { useEffect, useState } from "react";

/**
 * The current time, refreshed at each minute boundary (for "local time in that zone" labels);
 * `initial` is the server's clock when it renders the page's first view.
 */
export function useNow(initial?: number): Date {
  const [now, setNow] = useState(() => new Date(initial ?? Date.now()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const msToNextMinute = 60_000 - (Date.now() % 60_000) + 50;
      timer = setTimeout(() => {
        setNow(new Date());
        schedule();
      }, msToNextMinute);
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return now;
}
