/**
 * The electromagnetics concepts the simulated tutor recognises, with what a good tutor would
 * say about each. Recognition is keyword scoring over the conversation: strong keywords name
 * the concept (solenoid, Gauss), weak ones only hint at it (current, charge).
 */

import type { SimulationType } from '@faraday/contracts';

/** A solver of the sim service, as the contracts name them. */
export type SolverName = SimulationType;

export interface Concept {
  id: string;
  name: string;
  strong: string[];
  weak: string[];
  law: string;
  /** Socratic questions in teaching order; later turns of a conversation take later ones. */
  questions: string[];
  hints: string[];
  misconception: string;
  solver?: SolverName;
}

export const concepts: Concept[] = [
  {
    id: 'solenoid',
    name: 'the magnetic field of a solenoid',
    strong: ['solenoid', 'coil', 'inductance', 'inductor', 'turns per', '螺线管', '线圈', '电感'],
    weak: ['turns', 'winding'],
    law: 'B ≈ μ0·n·I inside a long solenoid, with n = N/L turns per metre',
    questions: [
      'If you keep N and I fixed but make the solenoid twice as long, what happens to the field inside, and why?',
      'Why is the field nearly uniform in the middle but weaker near the ends? What is different about an end?',
      'How would you choose a rectangular Ampère loop to find B inside a long solenoid?',
    ],
    hints: [
      'Only the turns per unit length matter for a long solenoid, not the total number of turns.',
      'Near an end, only the turns on one side contribute; compare with the middle, where there are turns on both sides.',
    ],
    misconception: 'The field at the end of a long solenoid is about half the central value, not zero.',
    solver: 'solenoid',
  },
  {
    id: 'ampere',
    name: 'Ampère’s circuital law',
    strong: ['ampère', 'ampere', 'amperian', 'circulation', '安培环路', '安培定律'],
    weak: ['loop', 'enclosed current'],
    law: '∮B·dl = μ0·I_enc',
    questions: [
      'Which currents does the circulation of B around your loop depend on: those inside, outside, or both?',
      'For a long straight wire, which loop shape makes B·dl the same all the way round?',
      'If a current passes outside your loop, is B zero on the loop? What is zero instead?',
    ],
    hints: [
      'The law constrains the integral of B around the loop, not B at each point.',
      'Use the symmetry of the current to choose a loop on which |B| is constant and parallel to dl.',
    ],
    misconception: 'A zero circulation does not mean a zero field on the loop.',
    solver: 'ampere_loop',
  },
  {
    id: 'gauss',
    name: 'Gauss’s law',
    strong: ['gauss', 'gaussian', 'flux', 'conductor', '高斯', '通量', '导体'],
    weak: ['enclosed charge', 'closed surface', 'surface'],
    law: '∮E·dA = Q_enc/ε0',
    questions: [
      'Which symmetry does your charge distribution have, and which closed surface shares it so that E is constant on it?',
      'What does the flux through a closed surface depend on: the charges inside it, outside it, or both?',
      'If you move a charge from just inside to just outside your surface, what happens to the flux, and to the field on the surface?',
      'If there were a field inside a conductor, what would its free charges do, and when would they stop moving?',
    ],
    hints: [
      'Gauss’s law is always true, but it only gives E easily when symmetry lets you pull |E| out of the integral.',
      'Field lines from an outside charge enter and leave the surface: count them.',
    ],
    misconception: 'Zero flux through a surface does not mean zero field on that surface.',
    solver: 'gauss_flux',
  },
  {
    id: 'laplace',
    name: 'Laplace’s equation and the electric potential',
    strong: ['laplace', 'poisson', 'equipotential', 'relaxation', 'jacobi', '拉普拉斯', '电势', '电位'],
    weak: ['potential', 'boundary', 'voltage'],
    law: '∇²V = 0 where there is no charge, and E = −∇V',
    questions: [
      'In a region without charge, can the potential have a maximum inside? What does that tell you about where its extremes sit?',
      'If all four walls of your box were at the same potential, what would the potential inside be?',
      'How do you get E from your potential map, and how do the field arrows sit relative to the equipotentials?',
    ],
    hints: [
      'A solution of Laplace’s equation equals the average of its neighbours: think about what that forbids.',
      'E points downhill in potential, perpendicular to the equipotential lines.',
    ],
    misconception: 'A point where V = 0 is not a point where E = 0: the field depends on how V changes.',
    solver: 'laplace2d',
  },
  {
    id: 'fresnel',
    name: 'reflection and refraction at an interface (Fresnel equations)',
    strong: [
      'fresnel',
      'snell',
      'brewster',
      'critical angle',
      'total internal reflection',
      'refractive',
      '菲涅尔',
      '折射',
      '布儒斯特',
      '全反射',
    ],
    weak: ['reflection', 'refraction', 'polarization', 'polarisation', 'incidence', '反射'],
    law: 'n1·sin θ1 = n2·sin θ2, R + T = 1, tan θ_B = n2/n1, sin θ_c = n2/n1',
    questions: [
      'Going from glass into air, what happens to the refracted angle as the angle of incidence grows?',
      'At Brewster’s angle, which polarisation is not reflected at all, and why?',
      'What must be true of n1 and n2 for total internal reflection to be possible?',
    ],
    hints: [
      'Snell’s law gives sin θ2 = (n1/n2)·sin θ1: ask when the right side would exceed 1.',
      'At Brewster’s angle the reflected and refracted rays are perpendicular.',
    ],
    misconception: 'Reflectance is not only about the angle: s and p polarisations reflect differently.',
    solver: 'fresnel',
  },
  {
    id: 'capacitor',
    name: 'capacitance',
    strong: ['capacitor', 'capacitance', 'parallel plate', 'dielectric', '电容'],
    weak: ['plates'],
    law: 'C = ε0·εr·A/d for a parallel-plate capacitor, and U = ½·C·V²',
    questions: [
      'If you pull the plates apart while they stay connected to a battery, what happens to C, Q and the stored energy?',
      'Why does a dielectric between the plates increase the capacitance? What happens to the field inside it?',
      'What changes if you pull the plates apart after disconnecting the battery?',
    ],
    hints: [
      'Decide first what is held constant: the voltage (battery connected) or the charge (disconnected).',
      'The dielectric’s bound charges partly cancel the field of the free charges.',
    ],
    misconception: 'A capacitor does not store net charge: its plates carry +Q and −Q.',
  },
  {
    id: 'induction',
    name: 'electromagnetic induction (Faraday’s and Lenz’s laws)',
    strong: ['faraday', 'induction', 'induced', 'lenz', 'emf', '感应', '楞次', '电动势'],
    weak: ['changing flux', 'generator'],
    law: 'ε = −dΦ_B/dt',
    questions: [
      'What has to change for an emf to be induced: the field, the area, the angle, or any of them?',
      'Which way does the induced current flow if you push a magnet’s north pole into a coil, and how does Lenz’s law tell you?',
      'Where does the energy dissipated by the induced current come from?',
    ],
    hints: [
      'Write Φ_B = B·A·cos θ and ask which factor changes in time.',
      'The induced current makes a field that opposes the change of flux, not the flux itself.',
    ],
    misconception: 'A large flux does not induce an emf; only a changing flux does.',
  },
  {
    id: 'waves',
    name: 'electromagnetic waves',
    strong: ['electromagnetic wave', 'wave', 'fdtd', 'yee', 'cfl', 'wavelength', '电磁波', '波长'],
    weak: ['propagation', 'frequency', 'speed of light', 'pulse', 'permittivity', 'permeability'],
    law: 'v = 1/√(με) = c/√(εr·μr), λ = v/f',
    questions: [
      'What sets the speed of the wave in a medium: which material parameters appear, and how?',
      'When a pulse reaches a lossy region (σ > 0), what happens to its amplitude, and where does the energy go?',
      'Why must the time step of a simulation satisfy the CFL condition, c·Δt ≤ Δx?',
    ],
    hints: [
      'In vacuum v = c = 1/√(μ0·ε0); a material changes ε and μ.',
      'In one time step, information must not travel further than one grid cell.',
    ],
    misconception: 'The frequency does not change when a wave enters a new medium; the wavelength does.',
    solver: 'wave_1d',
  },
  {
    id: 'magnetism',
    name: 'the magnetic field of currents (Biot–Savart law)',
    strong: ['biot', 'savart', 'magnetic field', 'magnetostatic', 'right-hand', 'right hand', '磁场', '毕奥'],
    weak: ['magnet', 'wire', 'current', 'tesla', '导线', '电流'],
    law: 'B = μ0·I/(2π·r) around a long straight wire',
    questions: [
      'Which way does the field circle a wire carrying current out of the page, and how does the right-hand rule tell you?',
      'How does B fall off with distance from a long wire, and how does that compare with the field of a point charge?',
      'Two parallel wires carry currents in the same direction: do they attract or repel, and why?',
    ],
    hints: [
      'Thumb along the current, fingers curl the way B goes.',
      'Compare 1/r for a line source with 1/r² for a point source.',
    ],
    misconception:
      'Field lines around a straight wire are closed circles: they neither start nor end on the wire.',
    solver: 'wire_field',
  },
  {
    id: 'electrostatics',
    name: 'the electric field of point charges (Coulomb’s law)',
    strong: [
      'coulomb',
      'point charge',
      'electrostatic',
      'electric field',
      'field line',
      '库仑',
      '静电',
      '电场',
    ],
    weak: ['charge', 'superposition', 'dipole', 'force', '电荷'],
    law: 'E = k·q/r² pointing away from a positive charge, with k = 1/(4π·ε0), and fields add as vectors',
    questions: [
      'If you double the distance from a point charge, what happens to the field strength, and why that power of r?',
      'How do you add the fields of two charges at a point: as numbers or as vectors? What changes between the two?',
      'Where on the line between two equal positive charges is the field zero, and what does symmetry tell you?',
    ],
    hints: [
      'The field of a point charge spreads over a sphere of area 4π·r².',
      'Draw each charge’s field vector at the point before you add them.',
    ],
    misconception:
      'Field lines are not the paths charges follow; they show the force on a positive test charge.',
    solver: 'point_charges',
  },
];

/** Asked when no concept is recognised: useful for any physics question. */
export const generalConcept: Concept = {
  id: 'general',
  name: 'your question',
  strong: [],
  weak: [],
  law: 'Maxwell’s equations, with the SI units of every quantity',
  questions: [
    'What do you already know about the situation: which quantities are given, and which one are you asked for?',
    'Which law connects the given quantities with the one you want?',
    'What would you expect in a limiting case, for example very far away or with one quantity set to zero?',
  ],
  hints: [
    'Sketch the situation and mark the directions of fields and currents.',
    'Check the units of your answer before the numbers.',
  ],
  misconception: 'A formula is only as good as the conditions it was derived under; check they hold here.',
};

function hits(text: string, keyword: string): number {
  // CJK has no word boundaries; Latin keywords match at the start of a word (plurals count).
  if (/[\u3400-\u9fff]/.test(keyword)) return text.includes(keyword) ? 1 : 0;
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return (text.match(new RegExp(`(?<![\\p{L}])${escaped}`, 'gu')) ?? []).length;
}

export function scoreConcept(concept: Concept, text: string): number {
  const lower = text.toLowerCase();
  let score = 0;
  for (const k of concept.strong) score += 3 * hits(lower, k);
  for (const k of concept.weak) score += hits(lower, k);
  return score;
}

/** The concept the text is most about, or undefined; ties go to the more specific (earlier) one. */
export function recognizeConcept(text: string): Concept | undefined {
  let best: Concept | undefined;
  let bestScore = 0;
  for (const concept of concepts) {
    const score = scoreConcept(concept, text);
    if (score > bestScore) {
      best = concept;
      bestScore = score;
    }
  }
  return best;
}

/** The latest user message that names a concept decides; earlier turns keep the topic going. */
export function conceptOfConversation(userTexts: readonly string[]): Concept {
  for (let i = userTexts.length - 1; i >= 0; i -= 1) {
    const found = recognizeConcept(userTexts[i]!);
    if (found) return found;
  }
  return generalConcept;
}
