// The shipped index and the notes it was built from, as the evaluation and the calibration both
// use them: questions are asked of the shipped (bilingual) index and of one language's notes
// alone, indexed the same way.
import { join } from 'node:path';
import {
  buildIndex,
  loadIndexFile,
  RetrievalEngine,
  readAliases,
  readCorpus,
} from '../dist/retrieval/index.js';

export async function loadCorpus(corpusDir) {
  const file = await loadIndexFile(join(corpusDir, 'index/graph-index.json'));
  const documents = await readCorpus(corpusDir);
  const aliases = await readAliases(corpusDir);
  const chunking = { maxChars: file.chunking.max_chars, overlapChars: file.chunking.overlap_chars };
  return {
    file,
    /** True when the notes and aliases on disk no longer build the committed index. */
    stale: () => buildIndex(documents, { chunking, aliases }).checksum !== file.checksum,
    /** An engine over one language's notes only (`en` or `zh`). */
    notesOnly: (lang) =>
      RetrievalEngine.fromIndex(
        buildIndex(
          documents.filter((d) => d.source.startsWith(`${lang}/`)),
          { chunking, aliases },
        ),
      ),
  };
}
