import { fileURLToPath } from 'node:url';
import { loadIndexFile } from './index-file.js';
import { RetrievalEngine } from './retrieval-engine.js';

export const serviceDir = fileURLToPath(new URL('../../', import.meta.url));
export const corpusDir = `${serviceDir}corpus`;
/** The engine over the index the service ships. */
export const shipped = async () =>
  RetrievalEngine.fromIndex(await loadIndexFile(`${corpusDir}/index/graph-index.json`));

/** The section of the best passage, as `source#title`. */
export async function top(engine: RetrievalEngine, question: string) {
  const result = await engine.retrieve(question);
  const first = result.passages[0];
  return {
    relevant: result.relevant,
    at: first ? `${first.source}#${first.section.split(' > ').at(-1)}` : null,
  };
}
