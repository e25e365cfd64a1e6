/**
 * What each solver hands to its figure, derived from the physics package's own types: a request as
 * a client sends it (`XInput`, defaults optional) and an output either as the solver returns it
 * (typed arrays) or as JSON (`toWire`: a grid as rows of numbers), so the sim service passes a
 * physics output straight in and tests pass the JSON of an answer. Everything numeric is
 * `ArrayLike<number>`, so typed arrays and plain arrays both work.
 */
import type * as physics from '@faraday/physics';

export type Series = ArrayLike<number>;

/** A 2-D scalar field, row-major, row 0 = TOP edge (largest y), column 0 = left edge (smallest x). */
export interface Grid2D {
  nx: number;
  ny: number;
  data: ArrayLike<number>;
}

/** A grid as produced by JSON: rows of numbers, row 0 = top edge. */
export type GridLike = Grid2D | ArrayLike<ArrayLike<number>>;

export interface Polyline {
  x: Series;
  y: Series;
}

export interface ContourLine extends Polyline {
  level: number;
}

/** Physical rectangle a grid spans; grid nodes sit on its edges (linspace, endpoints included). */
export type Domain = physics.Domain;

export type PointCharge = physics.PointCharge;

export interface Metadata {
  computation_time?: number;
  [key: string]: unknown;
}

/** A value of a solver output as a figure takes it: a grid as Grid2D or rows, typed arrays or plain ones. */
export type Drawable<T> = T extends physics.Grid2D
  ? GridLike
  : T extends Float64Array
    ? Series
    : T extends readonly (infer U)[]
      ? Drawable<U>[]
      : T extends object
        ? { [K in keyof T]: Drawable<T[K]> }
        : T;

/** A solver output as its figure reads it: `Optional` fields may be missing, and any metadata. */
type FigureOutput<T extends { metadata: object }, Optional extends keyof T = never> = Drawable<
  Omit<T, Optional | 'metadata'>
> &
  Partial<Drawable<Pick<T, Optional>>> & { metadata?: Partial<Drawable<T['metadata']>> & Metadata };

/** A request as its figure reads it: `Needed` fields, which the figure cannot default, are present. */
type FigureParams<T, Needed extends keyof T = never> = Omit<T, Needed> & {
  [K in Needed]-?: Exclude<T[K], undefined>;
};

// ---------------------------------------------------------------- laplace2d

/** The box's physical bounds may come with the request; the output's `domain` wins over them. */
export type Laplace2dParams = physics.Laplace2dInput & Partial<Domain>;

export type Laplace2dOutput = FigureOutput<physics.Laplace2dOutput, 'electric_field' | 'domain' | 'x' | 'y'>;

// ------------------------------------------------------------ point_charges

export type PointChargesParams = physics.PointChargesInput;

export type PointChargesOutput = FigureOutput<
  physics.PointChargesOutput,
  'electric_field' | 'field_lines' | 'equipotentials' | 'x' | 'y'
>;

// --------------------------------------------------------------- gauss_flux

export type CircleSurface = FigureParams<
  NonNullable<physics.GaussFluxInput['surface']>,
  'center_x' | 'center_y' | 'radius'
>;

export type GaussFluxParams = Omit<physics.GaussFluxInput, 'surface'> & { surface: CircleSurface };

export type GaussFluxOutput = FigureOutput<physics.GaussFluxOutput>;

// --------------------------------------------------------------- wire_field

/** A wire of wire_field or ampere_loop; a `direction` other than '-z' is read as 'z'. */
export interface Wire {
  type?: 'infinite_straight' | 'wire';
  x: number;
  y: number;
  /** amperes; positive with direction `z` means out of the page */
  current: number;
  direction?: string;
}

export type WireFieldParams = Omit<physics.WireFieldInput, 'wires'> & { wires: Wire[] };

export type WireFieldOutput = FigureOutput<physics.WireFieldOutput, 'field_lines' | 'x' | 'y'>;

// ----------------------------------------------------------------- solenoid

export type SolenoidParams = FigureParams<physics.SolenoidInput, 'n_turns' | 'length' | 'radius' | 'current'>;

export interface Profile {
  positions: Series;
  field_strength: Series;
}

export type SolenoidOutput = FigureOutput<physics.SolenoidOutput, 'uniformity'> & {
  /**
   * A cross-section map in the (z, r) half plane, for a solver that returns one. Absent → plot
   * computes an illustrative one from the winding (see fields.ts). Rows: r from r_max (row 0) down to r_min.
   */
  field_map?: { z_min: number; z_max: number; r_min: number; r_max: number; magnitude: GridLike };
};

// -------------------------------------------------------------- ampere_loop

export type AmpereLoopParams = Omit<physics.AmpereLoopInput, 'current_sources' | 'loop'> & {
  current_sources: Wire[];
  loop: CircleSurface;
};

export type AmpereLoopOutput = FigureOutput<physics.AmpereLoopOutput>;

// ------------------------------------------------------------------ wave_1d

export type Wave1dParams = FigureParams<physics.Wave1dInput, 'length' | 'total_time'> & {
  /** Where the medium sits: from x_start to x_end; absent, it fills the whole line. */
  medium?: { x_start?: number; x_end?: number };
};

export type Wave1dOutput = FigureOutput<physics.Wave1dOutput, 'wave_speed' | 'wavelength' | 'frequency'> & {
  /** When the frame times are chosen (the service's answer lists them), the animation uses them (nearest saved step). */
  animation_frames?: { time: number }[];
};

// ------------------------------------------------------------------ fresnel

export type FresnelParams = FigureParams<physics.FresnelInput, 'n1' | 'n2'>;

type SingleAngle = physics.FresnelOutput['single_angle'];

export type FresnelOutput = Omit<FigureOutput<physics.FresnelOutput>, 'single_angle'> & {
  single_angle?: Pick<SingleAngle, 'theta_i' | 'reflectance' | 'transmittance'> & Partial<SingleAngle>;
  /**
   * reflectance/transmittance are for the requested polarization. Per-polarization arrays are
   * drawn as given when an answer carries them; otherwise plot draws s and p from the Fresnel equations.
   */
  angle_sweep: {
    reflectance_s?: Series;
    reflectance_p?: Series;
    transmittance_s?: Series;
    transmittance_p?: Series;
  };
};

export interface SolverInputs {
  laplace2d: { params: Laplace2dParams; output: Laplace2dOutput };
  point_charges: { params: PointChargesParams; output: PointChargesOutput };
  gauss_flux: { params: GaussFluxParams; output: GaussFluxOutput };
  wire_field: { params: WireFieldParams; output: WireFieldOutput };
  solenoid: { params: SolenoidParams; output: SolenoidOutput };
  ampere_loop: { params: AmpereLoopParams; output: AmpereLoopOutput };
  wave_1d: { params: Wave1dParams; output: Wave1dOutput };
  fresnel: { params: FresnelParams; output: FresnelOutput };
}

export type SolverName = physics.SolverName;
