import type { ExerciseAnswer, PublicView } from '../exercises/types.js';

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
        .replace(/^\s*(about|approximately|roughly|ca\.|约为?|大约|大概)\s*/i, '')
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
  const said = /^(?:i (?:choose|pick|think it'?s)|(?:the )?answer is|我选|选|答案是)\s*\(?([a-z])\b/i.exec(
    text,
  );
  const letter = offered(marked?.[1] ?? marked?.[2]) ?? offered(said?.[1]);
  if (letter) return letter;
  const plain = (s: string) => s.toLowerCase().replace(/[\s.。,，]/g, '');
  const named = view.choices?.filter((c) =>
    [c.text.en, c.text.zh].some((t) => plain(text).includes(plain(t))),
  );
  return named?.length === 1 ? named[0]!.id : text.slice(0, 8);
}
