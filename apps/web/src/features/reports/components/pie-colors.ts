/** The pie's colours, in rank order (the list beside it uses the same). */
export const PIE_COLORS = ['var(--accent)', '#0f766e', '#b45309', '#be185d', '#475569'];
