import type { ChatCitation } from '@faraday/contracts';
import { type RetrievalEngine, toAppError } from '../retrieval/index.js';

/**
 * Course material search as the tutoring features need it: cited passages and the context
 * block for a model. An interface, so guided learning and the tools depend on what they use
 * and not on how retrieval is built; `retrievalSearch` adapts the retrieval engine to it.
 */
export interface CourseSearchResult {
  /** False when nothing in the material answers the query: say so rather than cite noise. */
  relevant: boolean;
  citations: ChatCitation[];
  /** Numbered passages plus the rules for citing them, for an upstream model. */
  context: string;
}

export interface CourseSearch {
  search(
    query: string,
    options: { courseId?: string | undefined; limit?: number; signal?: AbortSignal },
  ): Promise<CourseSearchResult>;
}

export function retrievalSearch(engine: RetrievalEngine): CourseSearch {
  return {
    async search(query, options) {
      let result: Awaited<ReturnType<RetrievalEngine['retrieve']>>;
      try {
        result = await engine.retrieve(query, {
          ...(options.courseId ? { courseId: options.courseId } : {}),
          ...(options.limit ? { budget: { maxPassages: options.limit } } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (error) {
        // Retrieval speaks its own error types; the callers speak the catalogue's.
        throw toAppError(error);
      }
      return {
        relevant: result.relevant,
        citations: result.citations.map(({ n, source, title, section, text }) => ({
          n,
          source,
          ...(title ? { title } : {}),
          section,
          text,
        })),
        context: result.context,
      };
    },
  };
}

/**
 * A search over the retrieval gate (its `RetrievalGate`): the same engine, with the
 * documents courses add at run time, as `<mode>_rag` uses. A disabled or unavailable gate
 * throws its own 503, which the tools report and guided learning steps around.
 */
export function gateCourseSearch(gate: { engine(): RetrievalEngine }): CourseSearch {
  return {
    async search(query, options) {
      let engine: RetrievalEngine;
      try {
        engine = gate.engine();
      } catch (error) {
        throw toAppError(error);
      }
      return retrievalSearch(engine).search(query, options);
    },
  };
}
