import { knowledgeAnswers } from '../knowledge/answers.js';
import type { Concept } from '../knowledge/course-concepts.js';
import { convertUnits } from '../tools/calculator.js';
import { type Conversion, parseConversion } from './conversion.js';
import { extractQuantities, formatNumber } from './quantities.js';

/** The tutor and the problem solver: the modes that teach physics (the simulation tutor: sim-tutor.ts). */

/**
 * Socratic: never the answer. The n-th tutor turn of a conversation asks the n-th question,
 * so a student who keeps going is led through the concept step by step.
 */
export function tutorAnswer(concept: Concept, turn: number, userText: string): string {
  if (/\p{Script=Han}/u.test(userText)) return tutorAnswerZh(concept, turn, userText);
  // The concept's question closest to what the student wrote, else the next one in order.
  const words = new Set(userText.toLowerCase().match(/[a-z]{4,}/g) ?? []);
  const overlap = (q: string) =>
    (q.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((w) => words.has(w)).length;
  const ranked = concept.questions
    .map((q, i) => ({ q, i, score: overlap(q) }))
    .sort((a, b) => b.score - a.score || a.i - b.i);
  const question = ranked[0]!.score > 0 ? ranked[0]!.q : concept.questions[turn % concept.questions.length]!;
  const hint = concept.hints[turn % concept.hints.length]!;
  const ownQuestion = /\?\s*$/.test(userText.trim()) || /^(why|what|how)\b/i.test(userText.trim());
  const opening =
    turn === 0
      ? concept.id === 'general'
        ? 'Let’s work through this together rather than jump to the answer.'
        : `Let’s work through this together. This is about ${concept.name}; the key relation is ${concept.law}.`
      : `Good, let’s take the next step on ${concept.name}.`;
  const honest = ownQuestion
    ? 'Without a language model I cannot answer your own question in my words (the `tutor_rag` mode quotes the course notes on it); what I can do is help you reason it out.'
    : '';
  const numbers = extractQuantities(userText);
  const givens =
    numbers.size > 0
      ? `You have given ${[...numbers.values()].map((q) => q.written).join(', ')}. Before computing anything, decide which of these the answer depends on.`
      : '';
  return [
    opening,
    honest,
    givens,
    `**Question:** ${question}`,
    `*Hint, if you are stuck:* ${hint}`,
    'Tell me what you think, even if you are unsure, and we will build on it.',
  ]
    .filter(Boolean)
    .join('\n\n');
}

const ZH_QUESTIONS = [
  '题目中已知哪些量？要求的是哪一个？',
  '哪条定律把已知量和要求的量联系起来？它成立的条件在这里满足吗？',
  '在极限情况下（例如距离很远，或某个量为零）你预期会得到什么结果？',
];

/** Chinese questions get a Chinese reply: the relation (formulas need no translation) and a guiding question. */
function tutorAnswerZh(concept: Concept, turn: number, userText: string): string {
  const ownQuestion = /[?？]\s*$/.test(userText.trim()) || /^(为什么|什么|怎么|如何)/.test(userText.trim());
  return [
    concept.id === 'general'
      ? '我们一起一步步分析，而不是直接给出答案。'
      : `我们一起一步步分析。这个问题的关键关系式是：${concept.law.split(/,| with | pointing| where/)[0]}。`,
    ownQuestion
      ? '没有配置语言模型时，我不能用自己的话直接回答你的问题（`tutor_rag` 模式会引用课程讲义中的相关内容）；我可以帮你一步步推理。'
      : '',
    `**问题：** ${ZH_QUESTIONS[turn % ZH_QUESTIONS.length]}`,
    '先说说你的想法，即使不确定也没关系，我们在此基础上继续。',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** "5 eV = 8.01088317e-19 J" with the calculator tool, and the factor it used so it can be checked. */
function conversionAnswer({ value, from, to }: Conversion, lang: 'en' | 'zh'): string | undefined {
  try {
    const result = convertUnits(value, from, to);
    const factor = convertUnits(1, from, to);
    return lang === 'zh'
      ? [
          '**单位换算（计算器工具）**',
          `**结果：** ${result.from} = ${result.text}。`,
          `**换算因子：** 1 ${from} = ${factor.text}。`,
        ].join('\n\n')
      : [
          '**Unit conversion (calculator tool)**',
          `**Result:** ${result.from} = ${result.text}.`,
          `**Factor:** 1 ${from} = ${factor.text}.`,
        ].join('\n\n');
  } catch {
    return undefined;
  }
}

export function problemSolverAnswer(concept: Concept, userText: string): string {
  // The course's results first: they check the region and say what is missing rather than guess.
  const worked = knowledgeAnswers().workedSolution(userText);
  if (worked) return worked;
  const lang = /\p{Script=Han}/u.test(userText) ? 'zh' : 'en';
  const conversion = parseConversion(userText);
  const converted = conversion && conversionAnswer(conversion, lang);
  if (converted) return converted;
  const quantities = extractQuantities(userText);
  const given =
    quantities.size > 0
      ? [...quantities.values()]
          .map((q) => `${q.symbol} = ${formatNumber(q.value)}${q.unit ? ` ${q.unit}` : ''}`)
          .join(', ')
      : 'none with values yet';
  const plan = [
    `**Worked solution plan** for ${concept.name}`,
    `**Given:** ${given}.`,
    `**Principle:** ${concept.law}.`,
    '**Steps:**\n1. Draw the situation and choose coordinates that follow its symmetry.\n2. Write the principle for this geometry and solve it for the unknown symbolically.\n3. Substitute the values in SI units and compute.\n4. Check the units and a limiting case.',
    `**Check:** ${concept.hints[0] ?? 'Check the units of the result.'}`,
    'Send the values with their units (for example `q = 2 μC, r = 0.5 m`) and I will carry out the numbers.',
  ];
  if (lang === 'zh') {
    return [
      // The concept's name and law are written in English; only the formula part is shown.
      '**解题思路**',
      `**已知：** ${quantities.size > 0 ? given : '尚未给出带单位的数值'}。`,
      `**原理：** ${concept.law.split(/,| with | pointing| where| inside| around/)[0]}。`,
      '**步骤：**\n1. 画出情境，按对称性选取坐标。\n2. 写出该几何下的原理，先用符号解出未知量。\n3. 代入国际单位制数值计算。\n4. 检查单位和极限情况。',
      '请给出带单位的数值（例如 `q = 2 μC，r = 0.5 m`），我来算出结果。',
    ].join('\n\n');
  }
  return plan.join('\n\n');
}
