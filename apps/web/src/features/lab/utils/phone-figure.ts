/**
 * The figure is a server-drawn PNG, 800 × 600 px unless asked otherwise, shrunk to the column:
 * on a 375 px phone its 11 px tick labels would show at about 5 px. There the figure is asked
 * for at a size close to the column's (the plot's text does not shrink below 80 %), at twice the
 * pixel density so it stays sharp: its labels show at about 10 px.
 */
const PHONE_BELOW_PX = 768; // Mantine's `sm` breakpoint: below it the lab has one column
const PAGE_PADDING_PX = 32;
const MIN_FIGURE_WIDTH = 240; // the plot package's smallest width
/** Drawn slightly narrower than the column, then scaled up to it: 8.8 px text shows at ≈ 10 px. */
const DRAWN_FRACTION = 0.88;

export const figureSizeKeys = ['width', 'height', 'dpi'] as const;

/** Whether the figure options set a size of their own (then the user's choice is kept). */
export function setsFigureSize(visualization: unknown): boolean {
  return (
    typeof visualization === 'object' &&
    visualization !== null &&
    figureSizeKeys.some((key) => (visualization as Record<string, unknown>)[key] !== undefined)
  );
}

/** The figure size to ask for on a phone; nothing on a wider screen (the default then reads well). */
export function phoneFigureSize(
  viewportWidth: number,
): { width: number; height: number; dpi: number } | null {
  if (viewportWidth >= PHONE_BELOW_PX) return null;
  const width = Math.max(MIN_FIGURE_WIDTH, Math.round((viewportWidth - PAGE_PADDING_PX) * DRAWN_FRACTION));
  return { width, height: Math.round((width * 3) / 4), dpi: 200 };
}
