import type { ChatMessage, ChatMode } from '@faraday/contracts';
import { conceptOfConversation } from '../knowledge/course-concepts.js';
import { verifyFormula } from './formula-verify.js';
import { gradeWork } from './grader.js';
import { polishAnswer } from './polish.js';
import { simTutorAnswer } from './sim-tutor.js';
import { problemSolverAnswer, tutorAnswer } from './teaching.js';

export const SIMULATED_MODEL = 'simulated';

/**
 * The answer of the simulated model (no upstream configured): built from the user's messages
 * and per-mode templates, the same answer for the same conversation.
 */
export function simulateReply(mode: ChatMode, messages: readonly ChatMessage[]): string {
  const userTexts = messages.filter((m) => m.role === 'user').map((m) => m.content);
  const last = userTexts.at(-1) ?? '';
  const concept = conceptOfConversation(userTexts);
  switch (mode) {
    case 'tutor':
      return tutorAnswer(concept, messages.filter((m) => m.role === 'assistant').length, last);
    case 'grader':
      return gradeWork(last, concept);
    case 'polish':
      return polishAnswer(last);
    case 'sim_tutor':
      return simTutorAnswer(concept, last);
    case 'formula_verify':
      return verifyFormula(last, concept);
    case 'problem_solver':
      return problemSolverAnswer(concept, last);
  }
}

/** Splits a reply into deltas of a few words, so simulated streams look and behave like real ones. */
export function replyPieces(reply: string, wordsPerPiece = 4): string[] {
  const words = reply.match(/\s*\S+\s*/g) ?? [reply];
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerPiece)
    pieces.push(words.slice(i, i + wordsPerPiece).join(''));
  return pieces;
}
