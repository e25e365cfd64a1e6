/**
 * What a sweep summary calls a swept parameter, in English and Chinese, instead of its API name
 * (`charges[0].x`): on its axes and in its legends. Data only: a path not listed keeps its API
 * name. The metrics' names are in sweep-metric-names.ts.
 *
 * Parameters are keyed by their request path with array indices written `[]`; `{n}` in a name is
 * the 1-based index of the first array element the path goes through (`charges[0].x` → charge 1).
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
