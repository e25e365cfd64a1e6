import { type SolverName, solverSchemas } from '@faraday/physics/schemas';

/** Whether two bodies ask the same computation (defaults filled, figure and record fields aside). */
export function sameParameters(
  solver: SolverName,
  a: Record<string, unknown>,
  b: Record<string, unknown>,
): boolean {
  const normal = (body: Record<string, unknown>) => {
    const { output_type: _o, course_id: _c, title: _t, visualization, ...rest } = body;
    if (visualization && typeof visualization === 'object') {
      const { lang: _l, ...figure } = visualization as Record<string, unknown>;
      rest.visualization = figure;
    }
    const parsed = solverSchemas[solver].safeParse(rest);
    return JSON.stringify(parsed.success ? parsed.data : rest);
  };
  return normal(a) === normal(b);
}
