export interface PlotErrorDetail {
  /** dotted path of the offending field, e.g. `colormap` or `output.potential` */
  field: string;
  message: string;
}

/**
 * Thrown for bad visualization options and for figure inputs that cannot be drawn. The code is the
 * sim service's catalogue code, so the service can turn it into a 400 envelope without a mapping table.
 */
export class InvalidPlotParametersError extends Error {
  readonly code = 'INVALID_PARAMETERS' as const;
  readonly status = 400;
  readonly details: PlotErrorDetail[];

  constructor(details: PlotErrorDetail[]) {
    super(details.map((d) => `${d.field}: ${d.message}`).join('; '));
    this.name = 'InvalidPlotParametersError';
    this.details = details;
  }
}

export function invalid(field: string, message: string): InvalidPlotParametersError {
  return new InvalidPlotParametersError([{ field, message }]);
}
