// The student question set (student-questions.json): its answers resolved to the sections of
// both language copies of a note, and its calibration / held-out split.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

async function sectionTitles(corpusDir, lang, note) {
  const text = await readFile(join(corpusDir, lang, `${note}.md`), 'utf8');
  return [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1].trim());
}

/** `{questions, unanswerable, adversarial, fresh, fresh2}` with each question's `accept`: the (source, section) pairs that answer it. */
export async function loadStudentSet(evalDir, corpusDir) {
  const {
    questions,
    unanswerable,
    unanswerable_adversarial: adversarial = [],
    unanswerable_fresh: fresh = [],
    unanswerable_fresh2: fresh2 = [],
  } = JSON.parse(await readFile(join(evalDir, 'student-questions.json'), 'utf8'));
  const cache = new Map();
  const titles = async (lang, note) => {
    const key = `${lang}/${note}`;
    if (!cache.has(key)) cache.set(key, await sectionTitles(corpusDir, lang, note));
    return cache.get(key);
  };
  for (const q of questions) {
    q.accept = [];
    for (const answer of q.answers) {
      const [note, section] = answer.split('#');
      const at = (await titles('en', note)).indexOf(section);
      if (at < 0) throw new Error(`${q.id}: no section "${section}" in en/${note}.md`);
      for (const lang of ['en', 'zh']) {
        q.accept.push({ source: `${lang}/${note}.md`, section: (await titles(lang, note))[at], lang });
      }
    }
  }
  return { questions, unanswerable, adversarial, fresh, fresh2 };
}

/** Odd-numbered ids calibrate, even-numbered ones are held out. */
export function isCalibration(id) {
  return Number(id.slice(id.lastIndexOf('-') + 1)) % 2 === 1;
}
