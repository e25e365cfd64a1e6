/**
 * Known misconceptions of the course, as patterns in English and Chinese with the correction the
 * tutor gives. An answer that states one does not advance, however many key words it contains
 * ("flux is the strength of the field at one point" names flux and field).
 */
export interface Misconception {
  id: string;
  patterns: RegExp[];
  correction: { en: string; zh: string };
}

export const MISCONCEPTIONS: Misconception[] = [
  {
    id: 'flux-at-a-point',
    patterns: [
      /\bflux\b[^.?!]{0,40}\b(is|means|measures|equals)\b[^.?!]{0,40}\b(at (a|one|each|any) (single )?point|strength of the field)\b/i,
      /通量[^。？！]{0,20}(是|表示|等于)[^。？！]{0,20}(某一点|一点|某点)[^。？！]{0,6}(场强|强度|电场)/,
    ],
    correction: {
      en: 'flux is not the field at a point: it adds up the field crossing a whole surface (E·A for a uniform field), so it belongs to a surface',
      zh: '通量不是某一点的场强，而是穿过整个曲面的场的总量（匀强场中为 E·A），它属于一个曲面',
    },
  },
  {
    id: 'outside-charge-changes-flux',
    patterns: [
      /charges? outside[^.?!]{0,50}\b(change|changes|add|adds|contribute|contributes)\b[^.?!]{0,20}\b(net|total)?\s*flux/i,
      /(面外|外部)的?电荷[^。？！]{0,20}(改变|贡献)[^。？！]{0,10}(净|总)?通量/,
    ],
    correction: {
      en: 'a charge outside the surface sends as much flux in as out, so it changes the field on the surface but not the net flux',
      zh: '面外电荷穿入和穿出的通量相等，它会改变面上的场强，但不改变净通量',
    },
  },
  {
    id: 'gauss-needs-symmetry',
    patterns: [
      /gauss'?s? law[^.?!]{0,40}\b(only (holds|works|applies|is true)|is only (true|valid))\b[^.?!]{0,40}symmetr/i,
      /高斯定理[^。？！]{0,20}只(有|在)[^。？！]{0,15}对称[^。？！]{0,10}(成立|适用)/,
    ],
    correction: {
      en: 'Gauss’s law holds for every closed surface; symmetry is only what makes it useful for computing E',
      zh: '高斯定理对任意闭合曲面都成立；对称性只是用它求场强时才需要',
    },
  },
  {
    id: 'magnetic-force-does-work',
    patterns: [
      /magnetic (field|force)[^.?!]{0,30}\b(does|do) (positive |negative )?work\b/i,
      /磁场力?[^。？！]{0,10}(对[^。？！]{0,10})?做(正|负)?功/,
    ],
    correction: {
      en: 'the magnetic force is always perpendicular to the velocity, so it does no work: it turns a charge without changing its speed',
      zh: '磁场力总与速度垂直，因此不做功：它只改变电荷运动方向，不改变速率',
    },
  },
  {
    id: 'lenz-reinforces',
    patterns: [
      /induced (current|emf|field)[^.?!]{0,50}\b(reinforces|adds to|increases|helps|supports|in the same direction as) the (change|flux change)/i,
      /感应电流[^。？！]{0,20}(加强|增强|促进|顺着)[^。？！]{0,8}(磁通量的)?变化/,
    ],
    correction: {
      en: 'the induced current opposes the change of flux that causes it (Lenz’s law); if it reinforced the change, energy would be created from nothing',
      zh: '感应电流总是阻碍引起它的磁通量变化（楞次定律）；若它加强变化，能量就会凭空产生',
    },
  },
  {
    id: 'emf-needs-field-not-change',
    patterns: [
      /\b(strong|large|constant|steady) (magnetic )?field\b[^.?!]{0,40}\b(induces|creates|gives|produces)\b[^.?!]{0,20}\b(emf|current|voltage)\b/i,
      /(恒定|稳定|很强)的?磁场[^。？！]{0,15}(产生|感应出)[^。？！]{0,8}(电动势|感应电流|电压)/,
    ],
    correction: {
      en: 'a field, however strong, induces nothing while the flux through the circuit stays constant; the emf comes from the change of flux, −dΦ/dt',
      zh: '磁场再强，只要穿过回路的磁通量不变就不会产生感应电动势；电动势来自磁通量的变化率 −dΦ/dt',
    },
  },
  {
    id: 'field-lines-cross',
    patterns: [/field lines (can|do|may) cross/i, /电场线(可以|会|能)相交/],
    correction: {
      en: 'field lines never cross: the field has one direction at each point',
      zh: '电场线不会相交：每一点的场只有一个方向',
    },
  },
  {
    id: 'solenoid-depends-on-radius',
    patterns: [
      /(field|B) inside (a|the) (long )?solenoid[^.?!]{0,40}\bdepends on (its |the )?(radius|diameter|area)/i,
      /螺线管内[^。？！]{0,15}磁场[^。？！]{0,10}(与|和)(半径|截面积)有关/,
    ],
    correction: {
      en: 'inside a long solenoid B = μ0 n I: only the turns per unit length and the current matter, not the radius',
      zh: '长直螺线管内 B = μ0 n I：只与单位长度匝数和电流有关，与半径无关',
    },
  },
];

export function misconceptionIn(text: string): Misconception | undefined {
  return MISCONCEPTIONS.find((m) => m.patterns.some((p) => p.test(text)));
}
