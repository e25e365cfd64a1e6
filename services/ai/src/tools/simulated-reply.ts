import { catalogue, phrase } from '../knowledge/data-file.js';
import { formatDigits, formatNumber, sharedDigits } from '../simulated/quantities.js';
import type { TextLang } from '../writing/text-segments.js';
import type { PlannedCall } from './planner.js';
import type { ToolOutcome } from './tool-registry.js';

/**
 * The simulated model's answer from its tool results: each result in a sentence, the
 * simulation compared with the closed form when both ran, errors said plainly.
 */

const PHRASES = catalogue('tools');
const say = (lang: TextLang, key: string, values: Record<string, string | number> = {}) =>
  phrase(PHRASES, lang, key, values);

const FIELD_UNITS: Record<string, string> = {
  'electric_field.magnitude': 'V/m',
  'electric_field.Ex': 'V/m',
  'electric_field.Ey': 'V/m',
  potential: 'V',
  'magnetic_field.magnitude': 'T',
  'magnetic_field.Bx': 'T',
  'magnetic_field.By': 'T',
};

interface ProbeResult {
  solver: string;
  probe?: { x: number; y: number; values?: Record<string, number> };
  metadata?: Record<string, unknown>;
}

function magnitudeAtProbe(result: ProbeResult): { key: string; value: number } | undefined {
  const values = result.probe?.values ?? {};
  for (const key of ['electric_field.magnitude', 'magnetic_field.magnitude']) {
    if (values[key] !== undefined) return { key, value: values[key]! };
  }
  return undefined;
}

function simulationSentence(outcome: ToolOutcome, lang: TextLang, digits = 3): string {
  const result = outcome.result as ProbeResult;
  const at = magnitudeAtProbe(result);
  if (at && result.probe) {
    const where = `(${formatNumber(result.probe.x)} m, ${formatNumber(result.probe.y)} m)`;
    const symbol = at.key.startsWith('electric') ? '|E|' : '|B|';
    const value = formatDigits(at.value, digits);
    return say(lang, 'probe', { solver: result.solver, symbol, value, unit: FIELD_UNITS[at.key]!, where });
  }
  const scalars = Object.entries(result.metadata ?? {})
    .filter(([key, value]) => typeof value === 'number' && key !== 'computation_time')
    .map(([key, value]) => `${key} = ${formatNumber(value as number)}`)
    .slice(0, 6)
    .join(', ');
  return say(lang, 'ran', { solver: result.solver, scalars: scalars || say(lang, 'seeData') });
}

/** A conversion that cannot be done, said plainly for that part ("5 V to gauss": not the same kind of quantity). */
function conversionFailed(outcome: ToolOutcome, lang: TextLang): string {
  const { value, from, to } = (outcome.arguments ?? {}) as { value?: unknown; from?: unknown; to?: unknown };
  const what = `${String(value)} ${String(from)}`;
  return say(lang, 'cannotConvert', { what, to: String(to) });
}

function sentenceOf(outcome: ToolOutcome, lang: TextLang, digits = 3): string {
  if (!outcome.ok && outcome.name === 'convert_units') return conversionFailed(outcome, lang);
  if (!outcome.ok) {
    return say(lang, 'failed', { tool: outcome.name, error: String(outcome.error) });
  }
  const result = outcome.result as Record<string, unknown>;
  switch (outcome.name) {
    case 'run_simulation':
      return simulationSentence(outcome, lang, digits);
    case 'evaluate_expression':
      return say(lang, 'evaluated', { expression: String(result.expression), result: String(result.text) });
    case 'convert_units':
      return say(lang, 'converted', { from: String(result.from), result: String(result.text) });
    case 'search_course_material': {
      const passages = (result.passages as { n: number; section: string; text: string }[]) ?? [];
      if (!result.relevant || passages.length === 0) {
        return say(lang, 'notCovered');
      }
      const quotes = passages
        .slice(0, 2)
        .map((p) => `> ${p.text.replace(/\s+/g, ' ').slice(0, 300)} [${p.n}] (${p.section})`)
        .join('\n');
      return say(lang, 'notesSay', { quotes });
    }
    default:
      return JSON.stringify(result);
  }
}

/** "The simulation agrees with the closed form within 0.1 %": the check a student should make. */
function comparison(outcomes: ToolOutcome[], lang: TextLang): { text: string; digits: number } | undefined {
  const sim = outcomes.find((o) => o.ok && o.name === 'run_simulation');
  const closed = outcomes.find((o) => o.ok && o.name === 'evaluate_expression');
  if (!sim || !closed) return undefined;
  const at = magnitudeAtProbe(sim.result as ProbeResult);
  const exact = (closed.result as { value: number }).value;
  if (!at || !exact) return undefined;
  const digits = sharedDigits(at.value, exact);
  const error = (Math.abs(at.value - exact) / Math.abs(exact)) * 100;
  const unit = FIELD_UNITS[at.key];
  const both = `${formatDigits(at.value, digits)} ${unit}`;
  const closedForm = `${formatDigits(exact, digits)} ${unit}`;
  if (error < 1e-5) {
    // Below what a reply can show: say so instead of printing "differ by 2.2e-10 %".
    return {
      digits: 6,
      text: say(lang, 'sameAsClosedForm', { exact: `${formatDigits(exact, 6)} ${unit}` }),
    };
  }
  return {
    digits,
    text: say(lang, 'closedFormDiffers', {
      exact: closedForm,
      simulated: both,
      percent: Number(error.toPrecision(2)),
    }),
  };
}

/** A part of the request no tool could do, said plainly for that part instead of dropped. */
function notDone(part: string, lang: TextLang): string {
  return say(lang, 'notDone', { part });
}

export function simulatedToolReply(
  outcomes: ToolOutcome[],
  lang: TextLang,
  skipped: number,
  planned: readonly PlannedCall[] = [],
  unplanned: readonly string[] = [],
): string {
  if (outcomes.length === 0 && skipped === 0 && unplanned.length === 0) {
    return say(lang, 'menu');
  }
  const check = comparison(outcomes, lang);
  const lines = outcomes.map((o, i) => {
    const explain = planned[i]?.explain;
    const value = o.ok ? (o.result as { value?: unknown }).value : undefined;
    if (explain && typeof value === 'number') {
      return `${explain(value, lang === 'zh' ? 'zh' : 'en')}\n\n${sentenceOf(o, lang)}`;
    }
    return sentenceOf(o, lang, check?.digits);
  });
  if (check) lines.push(check.text);
  for (const part of unplanned) lines.push(notDone(part, lang));
  if (skipped > 0) {
    lines.push(say(lang, 'skipped', { count: skipped }));
  }
  return lines.join('\n\n');
}
