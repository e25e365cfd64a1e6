import { type SolverName, solverSchemas } from '@faraday/physics/schemas';
import { figureSizeKeys, setsFigureSize } from './phone-figure';

/**
 * Whether two bodies ask the same computation (defaults filled, figure and record fields aside).
 * The figure's language and, unless the draft `b` sets one, its size are the page's additions
 * (SolverPage's start), not the user's: they make no difference.
 */
export function sameParameters(
  solver: SolverName,
  a: Record<string, unknown>,
  b: Record<string, unknown>,
): boolean {
  const ignoreSize = !setsFigureSize(b.visualization);
  const normal = (body: Record<string, unknown>) => {
    const { output_type: _o, course_id: _c, title: _t, visualization, ...rest } = body;
    if (visualization && typeof visualization === 'object') {
      const { lang: _l, ...figure } = visualization as Record<string, unknown>;
      if (ignoreSize) for (const key of figureSizeKeys) delete figure[key];
      rest.visualization = figure;
    }
    const parsed = solverSchemas[solver].safeParse(rest);
    return JSON.stringify(parsed.success ? parsed.data : rest);
  };
  return normal(a) === normal(b);
}
