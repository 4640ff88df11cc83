import type { CSSProperties } from "react";

/** Inline style with CSS custom properties (React passes their numbers through without a unit). */
export type StyleWithVars = CSSProperties & { [name: `--${string}`]: string | number };
