import { AppError, MAX_LEARNING_STEPS, MIN_LEARNING_STEPS } from '@faraday/contracts';
import type { ExerciseEngine, TemplateSummary } from '../exercises/engine.js';
import type { KnowledgeBase } from '../knowledge/knowledge-base.js';
import type { TextLang } from '../writing/text-segments.js';
import {
  matchTopicAcrossLanguages,
  type OutlineDocument,
  type OutlineSection,
  sectionsByConcept,
} from './corpus-outline.js';
import { drawn, type Step } from './session.js';

/**
 * A learning path from the course notes and the exercise engine: the sections of the notes that
 * match the topic (by the concept it names, else the best-matching file), each becoming a step
 * when the engine has checkable exercises (numeric, multiple choice, formula) for a result of
 * that section. A section without one is left out: a step must be passable by checked answers
 * only. Explanations are offered by the engine too, but never gate a step, so none is asked.
 */

/** At most this many exercises a step: the path stays within about a dozen turns. */
const PER_STEP = 2;
const GATING = ['numeric', 'choice', 'formula'] as const;

export interface PathDeps {
  outline: readonly OutlineDocument[];
  engine: ExerciseEngine;
  kb: KnowledgeBase;
}

/** The checkable exercises of a notes section, the ones to ask first first. */
function exercisesOf(deps: PathDeps, topic: string, section: string, lang: TextLang): TemplateSummary[] {
  const rank = (t: TemplateSummary) => GATING.indexOf(t.kind as (typeof GATING)[number]);
  const found = deps.engine
    .templates()
    .filter((t) => rank(t) >= 0 && t.topic === topic && deps.kb.byId(t.result)?.section[lang] === section)
    .sort((a, b) => rank(a) - rank(b) || a.difficulty - b.difficulty);
  // A number to compute first, then what tells a misconception from the idea (a choice), else the formula.
  const first = found[0];
  if (!first) return [];
  const second =
    found.find((t) => t.kind === 'choice') ?? found.find((t) => t !== first && t.kind !== first.kind);
  return [first, ...(second && second !== first ? [second] : [])].slice(0, PER_STEP);
}

function stepsOf(
  deps: PathDeps,
  sessionId: string,
  items: { document: OutlineDocument; section: OutlineSection }[],
  lang: TextLang,
): Step[] {
  const steps: Step[] = [];
  for (const { document, section } of items) {
    const topic = document.source.replace(/^.*\//, '').replace(/\.md$/i, '');
    const exercises = exercisesOf(deps, topic, section.title, lang);
    if (exercises.length === 0) continue;
    steps.push({
      title: section.title,
      source: {
        source: document.source,
        section: `${document.title} > ${section.title}`,
        text: section.text,
      },
      exercises: exercises.map((t) => drawn(sessionId, t.id, 0)),
    });
  }
  return steps.slice(0, MAX_LEARNING_STEPS);
}

/**
 * The path for a topic; a topic the notes do not cover with enough checkable exercises is a
 * clear 400 naming the topics that are.
 */
export function exercisePath(deps: PathDeps, sessionId: string, topic: string, lang: TextLang): Step[] {
  const byConcept = sectionsByConcept(deps.outline, topic, lang);
  let steps = byConcept ? stepsOf(deps, sessionId, byConcept, lang) : [];
  // One section about the concept (induction → "Induced emf and Faraday's law"): the whole file it is in.
  const document = byConcept?.[0]?.document ?? matchTopicAcrossLanguages(deps.outline, topic, lang)?.document;
  if (steps.length < MIN_LEARNING_STEPS && document) {
    steps = stepsOf(
      deps,
      sessionId,
      document.sections.map((section) => ({ document, section })),
      lang,
    );
  }
  if (steps.length >= MIN_LEARNING_STEPS) return steps;
  throw new AppError('VALIDATION_ERROR', 'No guided path with checked exercises for this topic', {
    details: `topic: no checked exercises for "${topic.slice(0, 80)}"; try ${pathTopics(deps, lang).join(', ')}`,
  });
}

/** The notes titles that make a full path, for the error above. */
function pathTopics(deps: PathDeps, lang: TextLang): string[] {
  return deps.outline
    .filter((d) => d.lang === lang)
    .filter(
      (d) =>
        stepsOf(
          deps,
          'probe',
          d.sections.map((section) => ({ document: d, section })),
          lang,
        ).length >= MIN_LEARNING_STEPS,
    )
    .map((d) => d.title);
}
