import { useEffect, useState } from "react";

/**
 * The element's client width (inside its scrollbar gutter), kept current with a ResizeObserver.
 * Its first report comes after layout and before paint, so fit-width never shows a wrong frame.
 */
export function useClientWidth(el: Element | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return width;
}
