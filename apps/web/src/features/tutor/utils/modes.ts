import { TOOLS_CHAT_MODE } from '@faraday/contracts';

/**
 * The modes offered in the picker, in the order a student meets them. `_rag` answers from the
 * course notes with citations; `tools` is the chat with tools (simulations, calculator, units).
 */
export const tutorModes = [
  'tutor',
  'tutor_rag',
  'problem_solver',
  'problem_solver_rag',
  'sim_tutor',
  'sim_tutor_rag',
  'formula_verify',
  'grader',
  'polish',
  TOOLS_CHAT_MODE,
] as const;
export type TutorMode = (typeof tutorModes)[number];

export const DEFAULT_MODE: TutorMode = 'tutor_rag';

export function isTutorMode(mode: string | null | undefined): mode is TutorMode {
  return (tutorModes as readonly string[]).includes(mode ?? '');
}
