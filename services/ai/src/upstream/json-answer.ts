import type { z } from 'zod';
import type { ConversationMessage } from './assistant-turn.js';
import type { RoutedLlm } from './routed-llm.js';

/**
 * Structured answers from a chat model: learning paths, judgements, writing analyses. The
 * request asks for JSON in the prompt rather than with `response_format`, which many local
 * servers do not support; the answer is then checked against a zod schema. A wrong answer gets
 * ONE repair round (the model sees its answer and the exact problems); after that the caller
 * falls back to its rule-based answer, so a chatty model degrades the answer, never the request.
 */
export type JsonAnswer<T> = { ok: true; value: T; repaired: boolean } | { ok: false; problem: string };

/** The JSON object in a model's text: bare, in a ``` fence, or surrounded by a sentence or two. */
export function extractJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const candidate = fenced ? fenced[1]! : text;
  const start = candidate.indexOf('{');
  const end = candidate.lastIndexOf('}');
  if (start < 0 || end <= start) throw new SyntaxError('no JSON object in the answer');
  return JSON.parse(candidate.slice(start, end + 1));
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 8)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

export function parseJsonAnswer<T>(
  text: string,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; problem: string } {
  let raw: unknown;
  try {
    raw = extractJson(text);
  } catch (error) {
    return { ok: false, problem: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const parsed = schema.safeParse(raw);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, problem: describeIssues(parsed.error) };
}

export async function askForJson<T>(
  llm: RoutedLlm,
  messages: ConversationMessage[],
  schema: z.ZodType<T>,
): Promise<JsonAnswer<T>> {
  const first = await llm.text(messages);
  const parsed = parseJsonAnswer(first, schema);
  if (parsed.ok) return { ...parsed, repaired: false };
  const second = await llm.text([
    ...messages,
    { role: 'assistant', content: first },
    {
      role: 'user',
      content: `That answer cannot be used: ${parsed.problem}. Reply again with only the corrected JSON object, no other text.`,
    },
  ]);
  const repaired = parseJsonAnswer(second, schema);
  return repaired.ok
    ? { ...repaired, repaired: true }
    : { ok: false, problem: `${parsed.problem}; after one repair: ${repaired.problem}` };
}
