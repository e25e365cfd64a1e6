// What the scripted students of score.mjs compute. The correct student knows the physics (the
// results of the course) but sees only what the browser sees: the step title, the prompt with
// its numbers, the choices. The misconception student makes the classic slips.
import { readFileSync } from 'node:fs';
import { all, create } from 'mathjs';
import { readQuantity } from '../../dist/tools/calculator.js';

const knowledge = new URL('../../corpus/knowledge/', import.meta.url);
const { results, constants } = JSON.parse(readFileSync(new URL('results.json', knowledge), 'utf8'));
const exercises = JSON.parse(readFileSync(new URL('exercises.json', knowledge), 'utf8'));
const math = create(all, { number: 'number' });

const currentTitle = (state) => state.learning_path.find((s) => s.status === 'current')?.title ?? '';

function symbolsOf(expr) {
  const names = new Set();
  math.parse(expr).traverse((node, path, parent) => {
    if (node.type !== 'SymbolNode' || (parent?.type === 'FunctionNode' && path === 'fn')) return;
    if (!(node.name in constants) && node.name !== 'pi') names.add(node.name);
  });
  return names;
}

/** "Q = -36 nC", "N = 1422" in the prompt, as SI numbers; a diameter becomes the radius it stands for. */
function givenIn(prompt, result) {
  const values = {};
  for (const m of prompt.matchAll(/([\p{L}][\p{L}\d_]*) = (.+?)(?=,\s|，|、|\.\s|\.$|。|；|$)/gu)) {
    // Angles stay in degrees, as the results' expressions take them (the reader gives radians).
    if (/°$/.test(m[2])) {
      values[m[1]] = Number.parseFloat(m[2]);
      continue;
    }
    const q = readQuantity(m[2].replace(/×\s*10\^?/g, 'e').replace(/\s+(?=e)/, ''));
    values[m[1]] = typeof q === 'number' ? q : q.value;
  }
  const asDiameter = Object.entries(exercises.numeric[result.id]?.given ?? {}).find(
    ([, v]) => v === 'diameter',
  );
  if (asDiameter && values.D !== undefined) values[asDiameter[0]] = values.D / 2;
  return values;
}

function candidates(state, lang, kind) {
  const { prompt } = state.exercise;
  return results.filter(
    (r) =>
      r.compute &&
      r.section[lang] === currentTitle(state) &&
      prompt.includes(r.compute.name[lang]) &&
      (kind !== 'formula' ||
        [...symbolsOf(r.compute.expr)].sort().join() === [...(state.exercise.symbols ?? [])].sort().join()),
  );
}

function numericValue(state, lang) {
  for (const result of candidates(state, lang, 'numeric')) {
    try {
      const values = givenIn(state.exercise.prompt, result);
      for (const [name, expr] of Object.entries(result.derive ?? {}))
        if (values[name] === undefined) values[name] = math.evaluate(expr, { ...constants, ...values });
      // mathjs knows E (Euler's number): a result whose variable is not given is not this one.
      if (Object.keys(result.variables ?? {}).some((name) => values[name] === undefined)) continue;
      const scope = { ...constants, ...values };
      if ((result.conditions ?? []).some((c) => math.evaluate(c.expr, scope) !== true)) continue;
      const value = math.evaluate(result.compute.expr, scope);
      if (Number.isFinite(value)) return { value, symbol: result.compute.symbol };
    } catch {
      // Not this result: its variables are not the ones given.
    }
  }
  return undefined;
}

const rightChoices = (lang) => new Set(exercises.choice.map((c) => c.answer[lang]));

export function correctAnswer(state, lang) {
  const { exercise } = state;
  if (exercise.kind === 'choice') {
    const right = exercise.choices.find((c) => rightChoices(lang).has(c.text));
    return lang === 'zh' ? `我选 ${right.id}，${right.text}` : `${right.id}) ${right.text}`;
  }
  if (exercise.kind === 'formula') {
    const result = candidates(state, lang, 'formula')[0];
    // Written as a student writes it: |q| as q (the check draws positive values).
    return `${result.compute.symbol} = ${result.compute.expr.replace(/abs\(([^()]*)\)/g, '($1)')}`;
  }
  const found = numericValue(state, lang);
  const value = `${Number(found.value.toPrecision(4))} ${exercise.unit}`;
  return lang === 'zh'
    ? `我用这一节的公式代入题目给的数值，算出来 ${found.symbol} = ${value}`
    : `Putting the given numbers into this section's relation, I get ${found.symbol} = ${value}`;
}

export function misconceptionAnswer(state, lang, belief) {
  const { exercise } = state;
  if (exercise.kind === 'choice') {
    const wrong = exercise.choices.find((c) => !rightChoices(lang).has(c.text));
    return `${wrong.id}) ${wrong.text}`;
  }
  if (exercise.kind === 'formula') {
    const result = candidates(state, lang, 'formula')[0];
    return `${result.compute.symbol} = 2 * (${result.compute.expr})`;
  }
  // Centimetres left as they are: off by a power of ten, with the belief stated.
  const found = numericValue(state, lang);
  return `${belief} ${found.symbol} = ${Number((found.value * 100).toPrecision(4))} ${exercise.unit}`;
}
