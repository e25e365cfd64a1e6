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

/** A course's own uploaded document as headings and section texts (for guided paths). */
export interface CourseDocument {
  source: string;
  title: string;
  sections: { title: string; text: string }[];
}

export interface CourseSearch {
  search(
    query: string,
    options: { courseId?: string | undefined; limit?: number; signal?: AbortSignal },
  ): Promise<CourseSearchResult>;
  /** The documents uploaded for this course (not the shared notes). */
  courseDocuments?(courseId: string): CourseDocument[];
}

/** Sections of a course's documents from the index: chunks grouped by their heading path. */
export function courseDocumentsOf(engine: RetrievalEngine, courseId: string): CourseDocument[] {
  const file = engine.indexFile;
  return file.documents
    .filter((d) => d.course_id === courseId)
    .map((document) => {
      const chunks = file.chunks.filter((c) => c.document === document.id).sort((a, b) => a.start - b.start);
      const sections = new Map<string, { title: string; text: string }>();
      for (const chunk of chunks) {
        if (chunk.heading_path.length < 2) continue;
        const title = chunk.heading_path.at(-1)!;
        const section = sections.get(chunk.section) ?? { title, text: '' };
        section.text += `${section.text ? '\n' : ''}${chunk.text}`;
        sections.set(chunk.section, section);
      }
      const name = document.source.split('/').at(-1) ?? document.source;
      return {
        source: document.source,
        title: chunks[0]?.heading_path[0] ?? name,
        sections: [...sections.values()],
      };
    })
    .filter((d) => d.sections.length > 0);
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
    courseDocuments: (courseId) => courseDocumentsOf(engine, courseId),
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
    courseDocuments(courseId) {
      try {
        return courseDocumentsOf(gate.engine(), courseId);
      } catch {
        return [];
      }
    },
  };
}
