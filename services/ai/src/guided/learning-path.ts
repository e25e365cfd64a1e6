import { MAX_LEARNING_STEPS, MIN_LEARNING_STEPS } from '@faraday/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { CourseDocument } from '../tools/course-search.js';
import { askForJson } from '../upstream/json-answer.js';
import type { RoutedLlm } from '../upstream/routed-llm.js';
import type { TextLang } from '../writing/text-segments.js';
import { detectLang } from '../writing/text-segments.js';
import {
  matchTopic,
  matchTopicAcrossLanguages,
  type OutlineDocument,
  sectionsByConcept,
} from './corpus-outline.js';
import { exerciseFor } from './exercises.js';
import { GLOSSARY_EN, GLOSSARY_ZH } from './glossary.js';
import { keyTermsOf, tokensOf } from './key-terms.js';
import type { GuidedSession, Step } from './session.js';
import { explanationQuestion, goalOf } from './tutor-replies.js';

/**
 * Where a learning path comes from: the model (asked for JSON, checked, repaired once), else
 * the course notes (the sections of the file that best matches the topic), else a generic
 * three-step path built around the topic's own words.
 */
export interface PathResult {
  steps: Step[];
  source: GuidedSession['path_source'];
}

function stepFrom(
  title: string,
  keyTerms: string[],
  index: number,
  topic: string,
  lang: TextLang,
  source?: Step['source'],
): Step {
  const exercise = exerciseFor(title, lang);
  return {
    title,
    goal: goalOf({ title, key_terms: keyTerms }, exercise !== undefined, lang),
    key_terms: keyTerms,
    question: exercise?.question ?? explanationQuestion(title, index, topic, lang),
    ...(exercise ? { exercise: exercise.exercise } : {}),
    ...(source ? { source } : {}),
  };
}

function genericSteps(topic: string, lang: TextLang, from: number): Step[] {
  const words = [...new Set(tokensOf(topic).map((token) => token.surface))].slice(0, 2);
  const terms = words.length > 0 ? words : [topic];
  const titles =
    lang === 'zh'
      ? [`${topic}描述的是什么`, `${topic}的核心关系`, `${topic}的应用`]
      : [`What ${topic} describes`, `The central relation of ${topic}`, `Applying ${topic}`];
  return titles.map((title, i) => stepFrom(title, terms, from + i, topic, lang));
}

/** The path from the course notes, or the generic one when no file matches the topic. */
export function notesPath(outline: readonly OutlineDocument[], topic: string, lang: TextLang): PathResult {
  const byConcept = sectionsByConcept(outline, topic, lang);
  if (byConcept) {
    const sourceOf = ({ document, section }: (typeof byConcept)[number]) => ({
      source: document.source,
      section: `${document.title} > ${section.title}`,
      text: section.text,
    });
    let steps = byConcept.map((item, i) =>
      stepFrom(item.section.title, item.section.keyTerms, i, topic, lang, sourceOf(item)),
    );
    // One section about the concept (induction → "Induced emf and Faraday's law"): its key
    // ideas become the steps (Faraday, Lenz, emf) rather than generic padding.
    if (steps.length < MIN_LEARNING_STEPS && byConcept[0]!.section.keyTerms.length >= MIN_LEARNING_STEPS) {
      const first = byConcept[0]!;
      const terms = first.section.keyTerms;
      steps = terms.slice(0, MIN_LEARNING_STEPS).map((term, i) => {
        const title = `${first.section.title}${lang === 'zh' ? '：' : ': '}${term[0]!.toUpperCase()}${term.slice(1)}`;
        const keyTerms = [term, ...terms.filter((other) => other !== term).slice(0, 1)];
        return stepFrom(title, keyTerms, i, topic, lang, sourceOf(first));
      });
      steps.push(
        ...byConcept
          .slice(1)
          .map((item, i) =>
            stepFrom(
              item.section.title,
              item.section.keyTerms,
              steps.length + i,
              topic,
              lang,
              sourceOf(item),
            ),
          ),
      );
    }
    if (steps.length < MIN_LEARNING_STEPS) {
      steps.push(...genericSteps(topic, lang, steps.length).slice(0, MIN_LEARNING_STEPS - steps.length));
    }
    return { steps, source: 'corpus' };
  }
  const match = matchTopicAcrossLanguages(outline, topic, lang);
  if (!match) return { steps: genericSteps(topic, lang, 0), source: 'generic' };
  const { document } = match;
  const steps = document.sections.slice(0, MAX_LEARNING_STEPS).map((section, i) =>
    stepFrom(section.title, section.keyTerms, i, topic, lang, {
      source: document.source,
      section: `${document.title} > ${section.title}`,
      text: section.text,
    }),
  );
  // A short file still gives a full path: the generic steps apply what it explained.
  if (steps.length < MIN_LEARNING_STEPS) {
    steps.push(...genericSteps(topic, lang, steps.length).slice(0, MIN_LEARNING_STEPS - steps.length));
  }
  return { steps, source: 'corpus' };
}

export const modelPathSchema = z.object({
  steps: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(120),
        goal: z.string().trim().min(1).max(400),
        key_terms: z.array(z.string().trim().min(1).max(60)).min(1).max(6),
        question: z.string().trim().min(1).max(600),
      }),
    )
    .min(MIN_LEARNING_STEPS)
    .max(MAX_LEARNING_STEPS),
});

function pathPrompt(topic: string, lang: TextLang, outline: OutlineDocument | undefined) {
  const language = lang === 'zh' ? 'Chinese (简体中文)' : 'English';
  const notes = outline
    ? `\nThe course notes cover this topic in these sections (prefer them, in this order):\n${outline.sections.map((s) => `- ${s.title}`).join('\n')}`
    : '';
  return [
    {
      role: 'system' as const,
      content:
        'You plan guided learning for a university electromagnetics course. Reply with one JSON object and ' +
        'nothing else.',
    },
    {
      role: 'user' as const,
      content:
        `Plan a learning path of ${MIN_LEARNING_STEPS} to ${MAX_LEARNING_STEPS} steps for the topic "${topic}", ` +
        `from the basic idea to applying it. Write in ${language}.${notes}\n\nJSON shape: {"steps":[{"title":"...",` +
        '"goal":"what the student should be able to explain or compute","key_terms":["2-5 terms a good answer ' +
        'uses"],"question":"one Socratic question that checks the step, without giving the answer"}]}',
    },
  ];
}

/** The model's path; on an unusable answer (after one repair) the notes' path, logged. */
export async function modelPath(
  llm: RoutedLlm,
  outline: readonly OutlineDocument[],
  topic: string,
  lang: TextLang,
  log: FastifyBaseLogger,
): Promise<PathResult> {
  const match = matchTopicAcrossLanguages(outline, topic, lang);
  const answer = await askForJson(llm, pathPrompt(topic, lang, match?.document), modelPathSchema);
  if (!answer.ok) {
    log.warn(
      { problem: answer.problem },
      'guided: the model’s learning path was unusable; using the course notes',
    );
    return notesPath(outline, topic, lang);
  }
  return {
    steps: answer.value.steps.map((s) => ({
      title: s.title,
      goal: s.goal,
      key_terms: s.key_terms,
      question: s.question,
    })),
    source: 'model',
  };
}

/** A course's uploaded documents as an outline, key terms chosen like the notes' own. */
export function courseOutline(documents: readonly CourseDocument[]): OutlineDocument[] {
  const outline: OutlineDocument[] = documents.map((d) => ({
    source: d.source,
    lang: detectLang(d.sections.map((s) => s.text).join('\n')),
    title: d.title,
    sections: d.sections.map((s) => ({ ...s, keyTerms: [] })),
  }));
  for (const lang of ['en', 'zh'] as const) {
    const sections = outline.filter((d) => d.lang === lang).flatMap((d) => d.sections);
    const terms = keyTermsOf(sections, lang === 'en' ? GLOSSARY_EN : GLOSSARY_ZH);
    sections.forEach((section, i) => {
      // A section no glossary term describes is listened for by the words of its heading.
      section.keyTerms = terms[i]?.length
        ? terms[i]!
        : [...new Set(tokensOf(section.title).map((t) => t.surface))].slice(0, 2);
    });
  }
  return outline;
}

/** The path from a course upload whose title or headings match the topic, else undefined. */
export function uploadPath(
  uploads: readonly OutlineDocument[],
  topic: string,
  lang: TextLang,
): PathResult | undefined {
  const match = matchTopic(uploads, topic, lang) ?? matchTopic(uploads, topic, lang === 'zh' ? 'en' : 'zh');
  if (!match) return undefined;
  const { document } = match;
  const steps = document.sections.slice(0, MAX_LEARNING_STEPS).map((section, i) =>
    stepFrom(section.title, section.keyTerms, i, topic, document.lang, {
      source: document.source,
      section: `${document.title} > ${section.title}`,
      text: section.text,
    }),
  );
  if (steps.length < MIN_LEARNING_STEPS) {
    steps.push(...genericSteps(topic, lang, steps.length).slice(0, MIN_LEARNING_STEPS - steps.length));
  }
  return { steps, source: 'corpus' };
}
