/**
 * What the axes of a sweep summary call a swept parameter or a metric, in English and Chinese,
 * instead of its API name (`charges[0].x`, `field_at_probe`). Data only: the summary looks names
 * up here, and a path or metric not listed keeps its API name.
 *
 * Parameters are keyed by their request path with array indices written `[]`; `{n}` in a name is
 * the 1-based index of the first array element the path goes through (`charges[0].x` → charge 1).
 * Metrics are keyed by name, or by `name@unit` where a name means different quantities in
 * different solvers (`field_at_probe` is |E| in V/m for charges and |B| in T for wires).
 */
export interface DisplayName {
  en: string;
  zh: string;
}

export const PARAMETER_NAMES: Readonly<Record<string, DisplayName>> = {
  'charges[].x': { en: 'x of charge {n}', zh: '电荷 {n} 的 x' },
  'charges[].y': { en: 'y of charge {n}', zh: '电荷 {n} 的 y' },
  'charges[].q': { en: 'charge q{n}', zh: '电荷量 q{n}' },
  'wires[].x': { en: 'x of wire {n}', zh: '导线 {n} 的 x' },
  'wires[].y': { en: 'y of wire {n}', zh: '导线 {n} 的 y' },
  'wires[].current': { en: 'current I{n}', zh: '电流 I{n}' },
  'current_sources[].x': { en: 'x of wire {n}', zh: '导线 {n} 的 x' },
  'current_sources[].y': { en: 'y of wire {n}', zh: '导线 {n} 的 y' },
  'current_sources[].current': { en: 'current I{n}', zh: '电流 I{n}' },
  'surface.radius': { en: 'surface radius R', zh: '高斯面半径 R' },
  'surface.center_x': { en: 'surface centre x', zh: '高斯面中心 x' },
  'surface.center_y': { en: 'surface centre y', zh: '高斯面中心 y' },
  'loop.radius': { en: 'loop radius R', zh: '回路半径 R' },
  'loop.center_x': { en: 'loop centre x', zh: '回路中心 x' },
  'loop.center_y': { en: 'loop centre y', zh: '回路中心 y' },
  n_turns: { en: 'turns N', zh: '匝数 N' },
  length: { en: 'length L', zh: '长度 L' },
  radius: { en: 'radius R', zh: '半径 R' },
  current: { en: 'current I', zh: '电流 I' },
  n1: { en: 'refractive index n₁', zh: '折射率 n₁' },
  n2: { en: 'refractive index n₂', zh: '折射率 n₂' },
  theta_i: { en: 'angle of incidence θᵢ', zh: '入射角 θᵢ' },
  nx: { en: 'grid points nx', zh: '网格点数 nx' },
  ny: { en: 'grid points ny', zh: '网格点数 ny' },
  v_top: { en: 'top potential', zh: '上边电势' },
  v_bottom: { en: 'bottom potential', zh: '下边电势' },
  v_left: { en: 'left potential', zh: '左边电势' },
  v_right: { en: 'right potential', zh: '右边电势' },
  total_time: { en: 'simulated time', zh: '模拟时长' },
  'source.frequency': { en: 'carrier frequency f', zh: '载波频率 f' },
  'source.width': { en: 'pulse width', zh: '脉冲宽度' },
  'source.amplitude': { en: 'amplitude E₀', zh: '振幅 E₀' },
  'source.position': { en: 'source position', zh: '源位置' },
  'medium.epsilon_r': { en: 'relative permittivity εᵣ', zh: '相对介电常数 εᵣ' },
  'medium.mu_r': { en: 'relative permeability μᵣ', zh: '相对磁导率 μᵣ' },
  'medium.sigma': { en: 'conductivity σ', zh: '电导率 σ' },
};

export const METRIC_NAMES: Readonly<Record<string, DisplayName>> = {
  'field_at_probe@V/m': { en: '|E| at the probe', zh: '探测点 |E|' },
  'field_at_probe@T': { en: '|B| at the probe', zh: '探测点 |B|' },
  potential_at_probe: { en: 'V at the probe', zh: '探测点电势 V' },
  max_field_strength: { en: 'largest |E|', zh: '最大 |E|' },
  electric_flux: { en: 'flux Φ_E', zh: '电通量 Φ_E' },
  enclosed_charge: { en: 'enclosed charge Q_enc', zh: '包围电荷 Q_enc' },
  relative_error: { en: 'relative error', zh: '相对误差' },
  field_inside: { en: 'B at the centre', zh: '中心 B' },
  field_outside: { en: 'B outside', zh: '外部 B' },
  inductance: { en: 'inductance L', zh: '自感 L' },
  uniformity: { en: 'uniformity', zh: '均匀度' },
  magnetic_circulation: { en: 'circulation ∮B·dl', zh: '环量 ∮B·dl' },
  enclosed_current: { en: 'enclosed current I_enc', zh: '包围电流 I_enc' },
  wave_speed: { en: 'wave speed v', zh: '波速 v' },
  wavelength: { en: 'wavelength λ', zh: '波长 λ' },
  peak_at_far_end: { en: 'peak |E| at the far end', zh: '远端峰值 |E|' },
  reflectance: { en: 'reflectance R', zh: '反射率 R' },
  transmittance: { en: 'transmittance T', zh: '透射率 T' },
  brewster_angle: { en: 'Brewster angle θ_B', zh: '布儒斯特角 θ_B' },
  critical_angle: { en: 'critical angle θ_c', zh: '临界角 θ_c' },
  iterations: { en: 'multigrid cycles', zh: '多重网格循环次数' },
};
