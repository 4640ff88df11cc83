import { useEffect, useState } from "react";

/**
 * window.devicePixelRatio, updated when it changes (browser zoom, a move to another screen), so
 * canvases re-render sharp instead of staying at the old resolution.
 */
export function useDevicePixelRatio(): number {
  const [ratio, setRatio] = useState(() => window.devicePixelRatio || 1);
  useEffect(() => {
    // A media query on the current ratio fires once when the ratio leaves it; then a new one is needed.
    const query = window.matchMedia(`(resolution: ${ratio}dppx)`);
    const onChange = () => setRatio(window.devicePixelRatio || 1);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [ratio]);
  return ratio;
}
