import type { SolverName } from '../knowledge/course-concepts.js';

/**
 * What the simulation tutor knows about each lab solver, in English and Chinese: its
 * parameters, what to look for in its results, the next experiment, and the parameter and
 * result names a student asks about ("what is the CFL number?").
 */
export interface Bilingual {
  en: string;
  zh: string;
}

export interface SolverGuide {
  parameters: Bilingual;
  look: Bilingual;
  experiment: Bilingual;
  /** Parameter and result names (lower case; the lab's own keys and the words students use). */
  terms: { names: string[]; meaning: Bilingual }[];
}

export const SOLVER_GUIDES: Record<SolverName, SolverGuide> = {
  laplace2d: {
    parameters: {
      en: '`nx`, `ny` set the grid (more points: finer detail, slower convergence); `v_top`, `v_bottom`, `v_left`, `v_right` are the boundary potentials in volts; `max_iterations` and `tolerance` decide when the iteration stops.',
      zh: '`nx`、`ny` 决定网格（点越多，细节越精细，收敛越慢）；`v_top`、`v_bottom`、`v_left`、`v_right` 是四条边界上的电势（伏）；`max_iterations` 和 `tolerance` 决定迭代何时停止。',
    },
    look: {
      en: 'The potential has no maximum or minimum inside the box; the field arrows cross the equipotentials at right angles and are strongest near the corners where two different boundary potentials meet. `convergence_error` is the final residual: it should be below your tolerance.',
      zh: '盒内电势没有极大值或极小值；场强箭头与等势线垂直，在两个不同边界电势相接的角附近最强。`convergence_error` 是最终残差，应小于你设定的容差。',
    },
    experiment: {
      en: 'Set all four walls to the same potential and check that the inside becomes uniform; then double `nx` and `ny` and compare the potential at the centre.',
      zh: '把四条边界设为相同电势，检查内部是否处处相同；再把 `nx`、`ny` 加倍，比较中心处的电势。',
    },
    terms: [
      {
        names: ['convergence_error', 'residual', 'tolerance', '残差', '容差'],
        meaning: {
          en: '`convergence_error` is the largest change of the potential in the last sweep; the iteration stops once it is below `tolerance` (or at `max_iterations`). A run that stops at `max_iterations` has not converged.',
          zh: '`convergence_error` 是最后一轮迭代中电势的最大改变量；它小于 `tolerance` 时（或达到 `max_iterations` 时）迭代停止。停在 `max_iterations` 的结果尚未收敛。',
        },
      },
    ],
  },
  point_charges: {
    parameters: {
      en: '`charges` lists each charge’s position `x`, `y` (m) and `q` (C); `x_min…y_max` set the window; `grid_size` the resolution of the field and potential maps.',
      zh: '`charges` 列出每个电荷的位置 `x`、`y`（米）和电量 `q`（库仑）；`x_min…y_max` 设定窗口；`grid_size` 决定电场和电势图的分辨率。',
    },
    look: {
      en: 'Field lines leave positive and end on negative charges; between equal charges there is a zero-field point; the equipotentials are close together where the field is strong.',
      zh: '电场线从正电荷出发、终止于负电荷；两个等量同号电荷之间有一个场强为零的点；场强大的地方等势线密集。',
    },
    experiment: {
      en: 'Place +q and −q a small distance apart (a dipole) and compare the field far away with 1/r³.',
      zh: '把 +q 和 −q 放得很近（电偶极子），比较远处的场强是否按 1/r³ 衰减。',
    },
    terms: [
      {
        names: ['grid_size', 'resolution', '分辨率'],
        meaning: {
          en: '`grid_size` is the number of grid points per side of the maps: it changes how smooth the picture is, not the field at a point, which is computed exactly from Coulomb’s law.',
          zh: '`grid_size` 是图每边的网格点数：它只影响图像是否平滑，不影响某一点的场强——那是直接由库仑定律精确算出的。',
        },
      },
    ],
  },
  gauss_flux: {
    parameters: {
      en: '`charges` as in point_charges; `surface` is a circle (the equator of a Gaussian sphere) with centre and `radius`; `grid_resolution` sets how finely the flux is integrated.',
      zh: '`charges` 与 point_charges 相同；`surface` 是一个圆（高斯球面的赤道），给出圆心和 `radius`；`grid_resolution` 决定通量积分的精细程度。',
    },
    look: {
      en: '`electric_flux` should equal `theoretical_flux` = Q_enc/ε0 whatever the radius; `relative_error` shows the numerical error and `verification_passed` whether it is small.',
      zh: '无论半径多大，`electric_flux` 都应等于 `theoretical_flux` = Q_内/ε0；`relative_error` 是数值误差，`verification_passed` 表示它是否足够小。',
    },
    experiment: {
      en: 'Grow the radius until a charge is enclosed and watch the flux jump by q/ε0 at that moment, and only then.',
      zh: '逐渐增大半径，直到把某个电荷包进来：通量恰好在那一刻跳变 q/ε0，其余时候不变。',
    },
    terms: [
      {
        names: ['relative_error', 'verification_passed', '相对误差'],
        meaning: {
          en: '`relative_error` = |electric_flux − theoretical_flux| / |theoretical_flux|; `verification_passed` is true when it is small. It grows when a charge sits close to the surface, where the integrand is sharply peaked.',
          zh: '`relative_error` = |electric_flux − theoretical_flux| / |theoretical_flux|；它足够小时 `verification_passed` 为真。电荷离曲面很近时被积函数尖锐，误差会变大。',
        },
      },
    ],
  },
  wire_field: {
    parameters: {
      en: '`wires` gives each infinite wire’s position and `current` (A), positive out of the page; the window and `grid_size` set the map.',
      zh: '`wires` 给出每根无限长直导线的位置和 `current`（安培，垂直纸面向外为正）；窗口和 `grid_size` 决定磁场图。',
    },
    look: {
      en: 'Field lines are closed circles around a single wire; `max_field_strength` sits next to a wire, and B falls as 1/r.',
      zh: '单根导线周围的磁感线是闭合的圆；`max_field_strength` 出现在导线旁边，B 按 1/r 减小。',
    },
    experiment: {
      en: 'Add a second wire with the opposite current and find where the fields cancel and where they add.',
      zh: '再加一根电流反向的导线，找出两者磁场相互抵消和相互加强的地方。',
    },
    terms: [
      {
        names: ['max_field_strength', '最大磁场'],
        meaning: {
          en: '`max_field_strength` is the largest |B| on the grid: it depends on how close the nearest grid point comes to a wire (B ∝ 1/r), so it grows when the grid is refined.',
          zh: '`max_field_strength` 是网格上最大的 |B|：它取决于离导线最近的网格点有多近（B ∝ 1/r），网格加密时会变大。',
        },
      },
    ],
  },
  solenoid: {
    parameters: {
      en: '`n_turns`, `length` (m), `radius` (m) and `current` (A) define the coil; `analysis_points` choose where the axial and radial fields are sampled.',
      zh: '`n_turns`、`length`（米）、`radius`（米）和 `current`（安培）确定线圈；`analysis_points` 决定在哪些点采样轴向和径向磁场。',
    },
    look: {
      en: '`field_inside` is B at the centre of the finite coil, μ0·n·I·L/√(L² + 4R²); `theoretical_field` = μ0·n·I is the infinitely long coil, so the two agree only when the length is much larger than the radius. At the ends B is about half the centre value; `uniformity` tells how constant the inner field is.',
      zh: '`field_inside` 是有限长线圈中心的磁场 μ0·n·I·L/√(L² + 4R²)；`theoretical_field` = μ0·n·I 对应无限长线圈，所以只有长度远大于半径时两者才一致。端口处的磁场约为中心值的一半；`uniformity` 表示管内磁场的均匀程度。',
    },
    experiment: {
      en: 'Keep `n_turns/length` fixed and vary `length/radius` from 1 to 20: watch `field_inside` approach μ0·n·I.',
      zh: '保持 `n_turns/length` 不变，把 `length/radius` 从 1 变到 20：观察 `field_inside` 如何趋近 μ0·n·I。',
    },
    terms: [
      {
        names: ['uniformity', '均匀'],
        meaning: {
          en: '`uniformity` compares the field along the inner part of the axis with its centre value: close to 1 means a nearly constant field inside.',
          zh: '`uniformity` 比较管内轴线上各点与中心处的磁场：接近 1 表示管内磁场几乎不变。',
        },
      },
    ],
  },
  ampere_loop: {
    parameters: {
      en: '`current_sources` lists wires with position and `current`; `loop` is a circle with centre and `radius`; `n_points` sets how finely the circulation is summed.',
      zh: '`current_sources` 列出各导线的位置和 `current`；`loop` 是一个圆，给出圆心和 `radius`；`n_points` 决定环路积分的求和精细程度。',
    },
    look: {
      en: '`magnetic_circulation` should equal μ0·I_enc (`theoretical_circulation`); currents outside the loop change `field_tangential` but not the total.',
      zh: '`magnetic_circulation` 应等于 μ0·I_内（`theoretical_circulation`）；环路外的电流会改变 `field_tangential`，但不改变总的环路积分。',
    },
    experiment: {
      en: 'Move the loop so that a wire leaves it: the circulation drops by μ0·I exactly as the wire crosses.',
      zh: '移动环路使某根导线离开它：导线越过环路的那一刻，环路积分恰好减少 μ0·I。',
    },
    terms: [
      {
        names: ['n_points'],
        meaning: {
          en: '`n_points` is the number of points on the loop where B·dl is summed: more points, smaller discretisation error, especially when a wire is close to the loop.',
          zh: '`n_points` 是环路上求和 B·dl 的点数：点越多，离散误差越小，导线靠近环路时尤其明显。',
        },
      },
    ],
  },
  wave_1d: {
    parameters: {
      en: '`length` and `total_time` set the domain, `nx` and `nt` the grid; `source` is a Gaussian pulse (position, amplitude, width, frequency); `medium` gives εr, μr and σ; `boundary_condition` absorbing lets the wave leave.',
      zh: '`length` 和 `total_time` 决定计算区域，`nx` 和 `nt` 决定网格；`source` 是高斯脉冲（位置、振幅、宽度、频率）；`medium` 给出 εr、μr 和 σ；`boundary_condition` 取 absorbing 时波可以离开区域。',
    },
    look: {
      en: '`wave_speed` should be c/√(εr·μr); `cfl_number` must stay at or below 1 for a stable run; with σ > 0 the amplitude decays.',
      zh: '`wave_speed` 应为 c/√(εr·μr)；`cfl_number` 必须不大于 1 才能稳定；σ > 0 时振幅会衰减。',
    },
    experiment: {
      en: 'Double εr and check the pulse slows by √2 and its wavelength shrinks by the same factor.',
      zh: '把 εr 加倍，检查脉冲是否慢了 √2 倍、波长是否缩短同样的倍数。',
    },
    terms: [
      {
        names: ['cfl', 'courant', '库朗'],
        meaning: {
          en: '`cfl_number` = c·Δt/Δx is how many grid cells a wave crosses in one time step. The leapfrog scheme is stable only at or below 1; at exactly 1 in one dimension a pulse travels without numerical dispersion, below 1 it spreads slightly.',
          zh: '`cfl_number` = c·Δt/Δx 表示波在一个时间步内穿过多少个网格。蛙跳格式只有在它不大于 1 时才稳定；一维情形恰好等于 1 时脉冲传播没有数值色散，小于 1 时会略有展宽。',
        },
      },
      {
        names: ['absorbing', 'boundary_condition', '吸收边界', '边界条件'],
        meaning: {
          en: '`boundary_condition` absorbing lets the outgoing wave leave with little reflection; a reflecting (PEC) boundary sends it back into the domain.',
          zh: '`boundary_condition` 取 absorbing 时出射波几乎无反射地离开；反射（理想导体）边界会把波反射回计算区域。',
        },
      },
    ],
  },
  fresnel: {
    parameters: {
      en: '`n1`, `n2` are the refractive indices, `theta_i` the angle of incidence in degrees, `polarization` s or p; `angle_range` sets the sweep.',
      zh: '`n1`、`n2` 是两种介质的折射率，`theta_i` 是入射角（度），`polarization` 取 s 或 p；`angle_range` 决定扫描范围。',
    },
    look: {
      en: '`reflectance` + `transmittance` = 1; for p polarisation the reflectance drops to zero at `brewster_angle`; with n1 > n2 everything beyond `critical_angle` is reflected.',
      zh: '`reflectance` + `transmittance` = 1；p 偏振的反射率在 `brewster_angle` 处降为零；n1 > n2 时入射角超过 `critical_angle` 的光全部被反射。',
    },
    experiment: {
      en: 'Swap n1 and n2 and compare the sweeps: only one direction has a critical angle.',
      zh: '交换 n1 和 n2，比较两次扫描：只有一个方向存在临界角。',
    },
    terms: [
      {
        names: ['transmittance', 'reflectance', '反射率', '透射率'],
        meaning: {
          en: '`reflectance` R = |r|² is the fraction of the incident power reflected; `transmittance` T = (n2 cos θt / n1 cos θi)|t|² the fraction transmitted, so R + T = 1 for a lossless interface.',
          zh: '`reflectance` R = |r|² 是被反射的入射功率比例；`transmittance` T = (n2 cos θt / n1 cos θi)|t|² 是透射的比例，无损耗界面上 R + T = 1。',
        },
      },
    ],
  },
};
