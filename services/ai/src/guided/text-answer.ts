import type { ExerciseAnswer, PublicView } from '../exercises/types.js';
import { catalogue } from '../knowledge/data-file.js';
import { eitherLanguage } from '../lang.js';

const PHRASES = catalogue('guided');
/** "about 2.5 mT", "约 2.5 mT": the words before an approximate answer. */
const ABOUT = new RegExp(String.raw`^\s*(${eitherLanguage(PHRASES, 'aboutWords')})\s*`, 'i');
/** "I choose b", "我选 b": the words before a chosen letter. */
const CHOSEN = new RegExp(String.raw`^(?:${eitherLanguage(PHRASES, 'chooseWords')})\s*\(?([a-z])\b`, 'i');

/**
 * A chat message read as the answer to the exercise asked: what the engine checks. The web app
 * sends the answer its input gave (GuidedChatRequest.answer); a client that only chats sends
 * text, read here by the exercise's kind. What it cannot be read as stays text and the engine
 * says why (no number, no unit, no such choice).
 */
export function answerFromText(view: PublicView, text: string): ExerciseAnswer {
  const trimmed = text.trim();
  switch (view.kind) {
    case 'numeric': {
      // "B = 2.5 mT", "about 2.5 mT.", "约 2.5 mT。": the quantity after the last = or ≈.
      const quantity = trimmed
        .split(/[=≈]/)
        .at(-1)!
        .replace(ABOUT, '')
        .replace(/[.。]\s*$/, '')
        .trim();
      return { kind: 'numeric', value: quantity };
    }
    case 'choice':
      return { kind: 'choice', choice: choiceIn(view, trimmed) };
    case 'formula':
      return { kind: 'formula', formula: trimmed.replace(/^\$+|\$+$/g, '') };
    case 'explain':
      return { kind: 'explain', text: trimmed };
  }
}

/** "b", "(b)", "b) …", "I choose b", "我选 b", or the words of exactly one choice; else the text as given. */
function choiceIn(view: PublicView, text: string): string {
  const offered = (id: string | undefined) =>
    id !== undefined && view.choices?.some((c) => c.id === id.toLowerCase()) ? id.toLowerCase() : undefined;
  // A letter alone or marked ("b)", "(b)", "b."), never the first word of a sentence ("A charge …").
  const marked = /^(?:\(([a-z])\)|([a-z])(?:[.):：，,]|$))/i.exec(text);
  const said = CHOSEN.exec(text);
  const letter = offered(marked?.[1] ?? marked?.[2]) ?? offered(said?.[1]);
  if (letter) return letter;
  const plain = (s: string) => s.toLowerCase().replace(/[\s.。,，]/g, '');
  const named = view.choices?.filter((c) =>
    [c.text.en, c.text.zh].some((t) => plain(text).includes(plain(t))),
  );
  return named?.length === 1 ? named[0]!.id : text.slice(0, 8);
}
