import { simulationTypes } from '@faraday/contracts';
/**
 * Structural input types: what each solver hands to its figure.
 *
 * These mirror the solvers' wire field names so the sim service can pass a physics output straight in,
 * without plot importing @faraday/physics. Everything numeric is `ArrayLike<number>` so typed arrays
 * and plain JSON arrays both work.
 */

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
export interface Domain {
  x_min: number;
  x_max: number;
  y_min: number;
  y_max: number;
}

export interface PointCharge {
  x: number;
  y: number;
  /** coulombs */
  q: number;
}

export interface Metadata {
  computation_time?: number;
  [key: string]: unknown;
}

// ---------------------------------------------------------------- laplace2d

export interface Laplace2dParams extends Partial<Domain> {
  nx: number;
  ny: number;
  v_top: number;
  v_bottom: number;
  v_left: number;
  v_right: number;
}

export interface Laplace2dOutput {
  potential: GridLike;
  electric_field?: { Ex: GridLike; Ey: GridLike };
  /** The physical domain the solver used, when it documents one; wins over the params' x_min.. */
  domain?: Domain;
  metadata?: Metadata;
}

// ------------------------------------------------------------ point_charges

export interface PointChargesParams extends Domain {
  charges: PointCharge[];
  grid_size?: number;
  show_potential?: boolean;
  show_field_lines?: boolean;
  show_equipotentials?: boolean;
}

export interface PointChargesOutput {
  potential: GridLike;
  electric_field?: { Ex: GridLike; Ey: GridLike; magnitude?: GridLike };
  field_lines?: Polyline[];
  equipotentials?: ContourLine[];
  metadata?: Metadata;
}

// --------------------------------------------------------------- gauss_flux

export interface CircleSurface {
  type?: 'circle';
  center_x: number;
  center_y: number;
  radius: number;
}

export interface GaussFluxParams {
  charges: PointCharge[];
  surface: CircleSurface;
  grid_resolution?: number;
}

export interface GaussFluxOutput {
  enclosed_charge: number;
  electric_flux: number;
  theoretical_flux: number;
  relative_error: number;
  verification_passed: boolean;
  /** flux_density = E·n̂ (V/m) at each point of the circle, outward normal */
  surface_points: { x: Series; y: Series; flux_density: Series };
  metadata?: Metadata;
}

// --------------------------------------------------------------- wire_field

export interface Wire {
  type?: 'infinite_straight' | 'wire';
  x: number;
  y: number;
  /** amperes; positive with direction `z` means out of the page */
  current: number;
  /** `z` (default) or `-z`; any other value is read as `z` */
  direction?: string;
}

export interface WireFieldParams extends Domain {
  wires: Wire[];
  grid_size?: number;
  show_field_lines?: boolean;
}

export interface WireFieldOutput {
  magnetic_field: { Bx?: GridLike; By?: GridLike; Bz?: GridLike; magnitude: GridLike };
  field_lines?: Polyline[];
  metadata?: Metadata;
}

// ----------------------------------------------------------------- solenoid

export interface SolenoidParams {
  n_turns: number;
  length: number;
  radius: number;
  current: number;
  analysis_points?: { axial_range?: [number, number]; radial_range?: [number, number]; n_points?: number };
}

export interface Profile {
  positions: Series;
  field_strength: Series;
}

export interface SolenoidOutput {
  axial_field: Profile;
  radial_field: Profile;
  field_inside: number;
  field_outside: number;
  theoretical_field: number;
  uniformity?: number;
  /**
   * Optional cross-section map in the (z, r) half plane. Absent → plot computes an illustrative one
   * from the winding (see solenoid-field.ts). Rows: r from r_max (row 0) down to r_min.
   */
  field_map?: { z_min: number; z_max: number; r_min: number; r_max: number; magnitude: GridLike };
  metadata?: Metadata;
}

// -------------------------------------------------------------- ampere_loop

export interface AmpereLoopParams {
  current_sources: Wire[];
  loop: CircleSurface;
  n_points?: number;
}

export interface AmpereLoopOutput {
  enclosed_current: number;
  magnetic_circulation: number;
  theoretical_circulation: number;
  relative_error: number;
  verification_passed: boolean;
  /** field_tangential = B·t̂ (T), t̂ counter-clockwise */
  loop_points: { x: Series; y: Series; field_tangential: Series };
  metadata?: Metadata;
}

// ------------------------------------------------------------------ wave_1d

export interface Wave1dParams {
  length: number;
  total_time: number;
  nx?: number;
  nt?: number;
  source?: { type?: string; position?: number; amplitude?: number; width?: number; frequency?: number };
  boundary_condition?: string;
  /** Optional x_start/x_end: where the medium sits; absent means it fills the whole line. */
  medium?: { epsilon_r?: number; mu_r?: number; sigma?: number; x_start?: number; x_end?: number };
  output_type?: string;
}

export interface Wave1dOutput {
  /**
   * E and H are time-major: row k is the field along x at time t[k] (chronological). This is the one
   * place where "row 0" is not the top edge, because there is no spatial y here.
   */
  wave_data: { x: Series; t: Series; E: GridLike; H: GridLike };
  wave_speed?: number;
  wavelength?: number;
  frequency?: number;
  /** When physics has chosen frame times, the animation uses them (nearest saved step). */
  animation_frames?: { time: number }[];
  metadata?: Metadata;
}

// ------------------------------------------------------------------ fresnel

export interface FresnelParams {
  n1: number;
  n2: number;
  theta_i?: number;
  polarization?: string;
  angle_range?: { min?: number; max?: number; points?: number };
}

export interface FresnelOutput {
  single_angle?: {
    theta_i: number;
    theta_t?: number | null;
    r_coefficient?: unknown;
    t_coefficient?: unknown;
    reflectance: number;
    transmittance: number;
  };
  /**
   * reflectance/transmittance are for the requested polarization. If physics adds the per-polarization
   * arrays they are drawn as given; otherwise plot draws s and p from the closed-form Fresnel equations.
   */
  angle_sweep: {
    angles: Series;
    reflectance: Series;
    transmittance: Series;
    reflectance_s?: Series;
    reflectance_p?: Series;
    transmittance_s?: Series;
    transmittance_p?: Series;
  };
  critical_angle: number | null;
  brewster_angle: number | null;
  metadata?: Metadata;
}

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

export type SolverName = keyof SolverInputs;

export const SOLVER_NAMES: readonly SolverName[] = simulationTypes;
