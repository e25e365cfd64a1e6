import { t } from '../lang.js';
import { formatDigits, formatNumber, sharedDigits } from '../simulated/quantities.js';
import type { TextLang } from '../writing/text-segments.js';
import type { PlannedCall } from './planner.js';
import type { ToolOutcome } from './tool-registry.js';

/**
 * The simulated model's answer from its tool results: each result in a sentence, the
 * simulation compared with the closed form when both ran, errors said plainly.
 */

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
    return t(
      lang,
      `The ${result.solver} simulation gives ${symbol} = ${value} ${FIELD_UNITS[at.key]} at ${where}.`,
      `${result.solver} 仿真得到 ${where} 处 ${symbol} = ${value} ${FIELD_UNITS[at.key]}。`,
    );
  }
  const scalars = Object.entries(result.metadata ?? {})
    .filter(([key, value]) => typeof value === 'number' && key !== 'computation_time')
    .map(([key, value]) => `${key} = ${formatNumber(value as number)}`)
    .slice(0, 6)
    .join(', ');
  return t(
    lang,
    `The ${result.solver} simulation ran: ${scalars || 'see the data'}.`,
    `${result.solver} 仿真完成：${scalars || '见数据'}。`,
  );
}

/** A conversion that cannot be done, said plainly for that part ("5 V to gauss": not the same kind of quantity). */
function conversionFailed(outcome: ToolOutcome, lang: TextLang): string {
  const { value, from, to } = (outcome.arguments ?? {}) as { value?: unknown; from?: unknown; to?: unknown };
  const what = `${String(value)} ${String(from)}`;
  return t(
    lang,
    `I cannot convert ${what} to ${String(to)}: they do not measure the same kind of quantity, so there is no number to give.`,
    `无法把 ${what} 换算成 ${String(to)}：两者不是同一种物理量，所以没有可给出的数值。`,
  );
}

function sentenceOf(outcome: ToolOutcome, lang: TextLang, digits = 3): string {
  if (!outcome.ok && outcome.name === 'convert_units') return conversionFailed(outcome, lang);
  if (!outcome.ok) {
    return t(
      lang,
      `The ${outcome.name} tool failed: ${outcome.error}.`,
      `工具 ${outcome.name} 调用失败：${outcome.error}。`,
    );
  }
  const result = outcome.result as Record<string, unknown>;
  switch (outcome.name) {
    case 'run_simulation':
      return simulationSentence(outcome, lang, digits);
    case 'evaluate_expression':
      return t(
        lang,
        `\`${result.expression}\` = ${result.text}.`,
        `\`${result.expression}\` = ${result.text}。`,
      );
    case 'convert_units':
      return t(lang, `${result.from} = ${result.text}.`, `${result.from} = ${result.text}。`);
    case 'search_course_material': {
      const passages = (result.passages as { n: number; section: string; text: string }[]) ?? [];
      if (!result.relevant || passages.length === 0) {
        return t(lang, 'The course material does not cover this.', '课程资料中没有相关内容。');
      }
      const quotes = passages
        .slice(0, 2)
        .map((p) => `> ${p.text.replace(/\s+/g, ' ').slice(0, 300)} [${p.n}] (${p.section})`)
        .join('\n');
      return t(lang, `The course notes say:\n${quotes}`, `课程讲义中写道：\n${quotes}`);
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
      text: t(
        lang,
        `The closed form gives ${formatDigits(exact, 6)} ${unit}, the same as the simulation to 6 significant figures.`,
        `解析解为 ${formatDigits(exact, 6)} ${unit}，与仿真结果在 6 位有效数字内一致。`,
      ),
    };
  }
  return {
    digits,
    text: t(
      lang,
      `The closed form gives ${closedForm} against the simulation's ${both}: they differ by ${Number(error.toPrecision(2))} %.`,
      `解析解为 ${closedForm}，仿真结果为 ${both}，两者相差 ${Number(error.toPrecision(2))}%。`,
    ),
  };
}

/** A part of the request no tool could do, said plainly for that part instead of dropped. */
function notDone(part: string, lang: TextLang): string {
  return t(
    lang,
    `I could not do this part: “${part}”. I can simulate point charges and wires, convert units, evaluate expressions and search the course notes; please rephrase it with its numbers and units.`,
    `这一部分我没能完成：“${part}”。我可以仿真点电荷和导线、换算单位、计算表达式和查阅课程讲义；请带上数值和单位换个说法。`,
  );
}

export function simulatedToolReply(
  outcomes: ToolOutcome[],
  lang: TextLang,
  skipped: number,
  planned: readonly PlannedCall[] = [],
  unplanned: readonly string[] = [],
): string {
  if (outcomes.length === 0 && skipped === 0 && unplanned.length === 0) {
    return t(
      lang,
      'I can run a simulation ("field of a 1 nC charge at 2 cm"), evaluate an expression ("what is sin(30°)·5"), convert units ("convert 3 mT to gauss") or look something up in the course notes ("what does Gauss’s law say?"). What would you like to work out?',
      '我可以运行仿真（“1 nC 点电荷 2 cm 处的电场”）、计算表达式（“计算 sin(30°)·5”）、换算单位（“把 3 mT 换算成高斯”）或查阅课程讲义（“高斯定理讲了什么？”）。你想算什么？',
    );
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
    lines.push(
      t(
        lang,
        `${skipped} more tool call(s) were not made: the limit for this answer was reached.`,
        `还有 ${skipped} 个工具调用因达到本次上限而未执行。`,
      ),
    );
  }
  return lines.join('\n\n');
}
