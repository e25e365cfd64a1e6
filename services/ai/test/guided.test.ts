import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAi } from './support/ai-app.js';
import { ask } from './support/ai-app.js';
import { currentInstance, rightAnswer, rightText } from './support/guided-oracle.js';
import { buildTutoringAi, removeDir, type TestClock, tempDir } from './support/tutoring-app.js';

/**
 * Guided learning on the exercise engine, through HTTP: a whole path to 100 % by checked answers,
 * the hint and the worked solution, the typed answers of the web app, Chinese, and the session's
 * ownership.
 */

const GUIDED = '/v1/chat/guided';
const COURSE = 'course-em-101';

/** The `##` sections of a notes file. */
async function sectionsOf(file: string): Promise<string[]> {
  const text = await readFile(new URL(`../corpus/${file}`, import.meta.url), 'utf8');
  return [...text.matchAll(/^##\s+(.+)$/gm)].map((m) => m[1]!.trim());
}

let dir: string;
let t: TestAi & { clock: TestClock };
beforeAll(async () => {
  dir = await tempDir();
  t = await buildTutoringAi(dir);
});
afterAll(async () => {
  await t.app.close();
  await removeDir(dir);
});

const turn = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: GUIDED, payload: { course_id: COURSE, ...payload }, headers });

async function begin(topic: string, user: string, opening = 'I want to learn this') {
  const res = await turn({ topic, user_id: user, messages: ask(opening) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const reply = async (topic: string, user: string, sessionId: string, content: string, extra = {}) =>
  turn({ topic, user_id: user, session_id: sessionId, messages: ask(content), ...extra });

describe('a guided session on the exercise engine', () => {
  it('walks the Gauss’s-law path to 100 % by checked answers, never sending an answer ahead', async () => {
    let data = await begin("Gauss's law", 'alice');
    const sections = await sectionsOf('en/gauss-law.md');
    const titles: string[] = data.learning_path.map((s: { title: string }) => s.title);
    expect(titles.every((title) => sections.includes(title))).toBe(true);
    expect(data).toMatchObject({
      current_step: 1,
      progress_percentage: 0,
      completed: false,
      assessment: null,
      path_source: 'corpus',
      exercise: { kind: expect.stringMatching(/^(numeric|choice|formula)$/), number: 1 },
    });
    // The step explains from the notes, then asks the exercise; no key terms to parrot.
    expect(data.reply).toMatch(/\*\*Step 1 of \d: Statement of Gauss's law\.\*\*/);
    expect(data.reply).toMatch(/closed surface/);
    expect(data.reply).toMatch(/\*\*Exercise 1 of \d+:\*\*/);
    expect(data.learning_path[0]).not.toHaveProperty('key_terms');
    // Cited by the notes' title and the section within them, never by the file's path.
    expect(data.citations[0]).toMatchObject({
      n: 1,
      source: expect.stringContaining('gauss'),
      title: "Gauss's law",
      section: expect.not.stringContaining("Gauss's law >"),
    });
    const total: number = data.exercise.total;
    const id: string = data.session_id;

    for (let n = 1; n <= total; n++) {
      const instance = currentInstance(dir, id);
      // What the client got holds the prompt, not the answer nor the seed.
      expect(data.exercise.prompt).toBe(instance.view.prompt.en);
      const body = JSON.stringify(data);
      expect(body).not.toContain(instance.seed);
      // A choice's solution is one of the choices shown; a number or a formula must not be shown.
      if (instance.key.kind !== 'choice') expect(body).not.toContain(instance.solution.en);
      expect(body).not.toMatch(/"(correct|key|seed|solution|template)":/);
      if (instance.key.kind === 'numeric') expect(data.exercise.unit).toBe(instance.key.unit);
      if (instance.key.kind === 'choice')
        expect(data.exercise.choices).toHaveLength(instance.view.choices!.length);
      const res = await reply("Gauss's law", 'alice', id, rightText(instance));
      expect(res.statusCode, res.body).toBe(200);
      data = res.json().data;
      expect(data.assessment).toMatchObject({ understood: true, judged_by: 'exercise' });
      expect(data.progress_percentage).toBe(Math.round((100 * n) / total));
    }
    expect(data).toMatchObject({ completed: true, progress_percentage: 100, exercise: null });
    expect(data.learning_path.every((s: { status: string }) => s.status === 'done')).toBe(true);
    expect(data.reply).toMatch(/completes the path/);
    expect(data.reply).toMatch(/no hints/);

    const after = (await reply("Gauss's law", 'alice', id, 'and now?')).json().data;
    expect(after).toMatchObject({ progress_percentage: 100, completed: true, assessment: null });
    expect(after.reply).toMatch(/new session/);
  });

  it('answers a miss with the slip’s feedback and a hint, a second with the worked solution, and moves on', async () => {
    const data = await begin("Coulomb's law", 'bob');
    const id = data.session_id;
    const first = currentInstance(dir, id);
    expect(first.key.kind).toBe('numeric');
    const key = first.key as { value: number; unit: string };
    // A hundred times too large: a power of ten, named.
    const missed = (await reply("Coulomb's law", 'bob', id, `F = ${key.value * 100} ${key.unit}`)).json()
      .data;
    expect(missed).toMatchObject({
      progress_percentage: 0,
      exercise: { number: 1 },
      assessment: { understood: false, judged_by: 'exercise', reason: 'power-of-ten' },
    });
    expect(missed.reply).toMatch(/^Not quite: /);
    expect(missed.reply).toMatch(/\*Hint:\*/);
    expect(missed.reply).not.toContain(first.solution.en);
    expect(missed.weak_points).toEqual([{ step: 1, title: "Coulomb's law", note: expect.any(String) }]);
    // Key words are no answer to a number.
    const words = (
      await reply(
        "Coulomb's law",
        'bob',
        id,
        "Coulomb's law: the force between point charges, inverse square, because k.",
      )
    ).json().data;
    expect(words.assessment).toMatchObject({
      understood: false,
      reason: expect.stringMatching(/^unreadable/),
    });
    expect(words.reply).toMatch(/\*\*Worked solution:\*\*/);
    expect(words.reply).toContain(first.solution.en);
    expect(words).toMatchObject({ progress_percentage: 0, exercise: { number: 2 } });
    // Passing everything else leaves the missed one for the end, with new numbers.
    let state = words;
    while (state.exercise.number < state.exercise.total) {
      state = (await reply("Coulomb's law", 'bob', id, rightText(currentInstance(dir, id)))).json().data;
    }
    state = (await reply("Coulomb's law", 'bob', id, rightText(currentInstance(dir, id)))).json().data;
    expect(state.completed).toBe(false);
    expect(state.reply).toMatch(/exercises you missed, with new numbers/);
    expect(state.exercise.number).toBe(1);
    const again = currentInstance(dir, id);
    expect(again.view.template).toBe(first.view.template);
    expect(again.seed).not.toBe(first.seed);
    const done = (await reply("Coulomb's law", 'bob', id, rightText(again))).json().data;
    expect(done).toMatchObject({ completed: true, progress_percentage: 100 });
    expect(done.reply).toMatch(/Worth reviewing/);
  });

  it('checks the typed answer of the web app; an unreadable one is a 400 and no attempt', async () => {
    const data = await begin('solenoids', 'cleo');
    const id = data.session_id;
    const instance = currentInstance(dir, id);
    expect(instance.key.kind).toBe('numeric');
    const noUnit = await reply('solenoids', 'cleo', id, '12', { answer: { kind: 'numeric', value: '12' } });
    expect(noUnit.statusCode).toBe(400);
    expect(noUnit.json().error).toMatchObject({ code: 'EXERCISE_ANSWER_INVALID', details: 'unit-missing' });
    const wrongKind = await reply('solenoids', 'cleo', id, 'a', { answer: { kind: 'choice', choice: 'a' } });
    expect(wrongKind.json().error.code).toBe('EXERCISE_ANSWER_INVALID');
    // Neither counted: a wrong answer now gets the hint, not the solution.
    const key = instance.key as { value: number; unit: string };
    const wrong = (
      await reply('solenoids', 'cleo', id, 'x', {
        answer: { kind: 'numeric', value: -key.value, unit: key.unit },
      })
    ).json().data;
    expect(wrong.assessment.reason).toBe('sign');
    expect(wrong.reply).toMatch(/\*Hint:\*/);
    const right = (await reply('solenoids', 'cleo', id, 'x', { answer: rightAnswer(instance) })).json().data;
    expect(right).toMatchObject({ assessment: { understood: true }, exercise: { number: 2 } });
    expect(right.exercise.kind).toBe('choice');
    expect(right.exercise.choices.map((c: { id: string }) => c.id)).toEqual(['a', 'b', 'c', 'd']);
    const choice = currentInstance(dir, id);
    const passed = (await reply('solenoids', 'cleo', id, 'x', { answer: rightAnswer(choice) })).json().data;
    expect(passed.current_step).toBe(2);
    expect(passed.learning_path[0].status).toBe('done');
  });

  it('teaches in Chinese from the Chinese notes, colloquial answers included', async () => {
    const data = await begin('高斯定理', 'chen', '我想学习高斯定理');
    expect(data.learning_path.map((s: { title: string }) => s.title)[0]).toBe('高斯定理的表述');
    expect(data.learning_path[0].source).toBe('zh/gauss-law.md');
    expect(data.reply).toMatch(/^我们一步一步来学习/);
    expect(data.reply).toMatch(/\*\*练习 1\/\d+：\*\*/);
    expect(data.exercise.prompt).toMatch(/\p{Script=Han}/u);
    const id = data.session_id;
    const stuffed = (
      await reply(
        '高斯定理',
        'chen',
        id,
        '高斯定理、电通量、封闭的面、包围的电荷：因为高斯定理，所以通量等于电荷除以介电常数。',
      )
    ).json().data;
    expect(stuffed.assessment.understood).toBe(false);
    expect(stuffed.reply).toMatch(/^还不对：/);
    expect(stuffed.reply).toMatch(/\*提示：\*/);
    const key = currentInstance(dir, id).key as { value: number };
    const right = (
      await reply('高斯定理', 'chen', id, `我算出来 Φ = ${key.value.toPrecision(4)} N·m²/C。`)
    ).json().data;
    expect(right.assessment.understood).toBe(true);
    expect(right.reply).toMatch(/正确|对/);
  });

  it('refuses a topic without checked exercises with a clear 400', async () => {
    const res = await turn({ topic: 'thermodynamics', user_id: 'dan', messages: ask('hi') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: expect.stringMatching(/^topic: no checked exercises .*Gauss's law/),
    });
    // Every notes file of the course has a path now, the numerics included.
    expect(res.json().error.details).toMatch(/Laplace's equation and boundary value problems/);
    expect(res.json().error.details).toMatch(/Electromagnetic waves and FDTD basics/);
  });

  it("guides Laplace's equation by multiple choice on its recorded misconceptions", async () => {
    const data = await begin('拉普拉斯方程', 'lena');
    expect(data.learning_path.map((s: { title: string }) => s.title)).toEqual([
      '泊松方程与拉普拉斯方程',
      '调和函数的性质',
      '边界条件与唯一性定理',
      '镜像法',
      '有限差分数值解法',
    ]);
    // The topic's exercises: the numeric image force on a charge above a grounded plane made it six,
    // a grid point's potential from its four neighbours (finite differences) seven, a uniform charge
    // between grounded plates (Poisson's equation) eight. A step asks its number first, then the choice.
    expect(data.exercise).toMatchObject({ kind: 'numeric', number: 1, total: 8 });
    const first = currentInstance(dir, data.session_id);
    const solved = (await reply('拉普拉斯方程', 'lena', data.session_id, rightText(first))).json().data;
    expect(solved.assessment).toMatchObject({ understood: true, judged_by: 'exercise' });
    expect(solved.exercise).toMatchObject({ kind: 'choice', number: 2, total: 8 });
    const zero = solved.exercise.choices.find(
      (c: { text: string }) => /处处为零。$/.test(c.text) && /V/.test(c.text),
    );
    const missed = (
      await reply('拉普拉斯方程', 'lena', data.session_id, zero.id, {
        answer: { kind: 'choice', choice: zero.id },
      })
    ).json().data;
    expect(missed.assessment).toMatchObject({ understood: false, reason: 'misconception' });
    // The feedback is the result's recorded misconception (results.json), in the student's language.
    expect(missed.reply).toMatch(/∇²V = 0 只说明二阶导数之和为零/);
  });
});

describe('who a session belongs to', () => {
  it('answers another user’s session id like an unknown one: 404 SESSION_NOT_FOUND', async () => {
    const mine = (
      await turn({ topic: 'solenoid', user_id: 'erin', messages: ask('solenoids please') })
    ).json().data;
    const theirs = await turn({
      topic: 'solenoid',
      user_id: 'frank',
      session_id: mine.session_id,
      messages: ask('hi'),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('SESSION_NOT_FOUND');
    const unknown = await turn({
      topic: 'solenoid',
      user_id: 'frank',
      session_id: 'no-such-session',
      messages: ask('hi'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual(theirs.json().error);
    // The owner's session was not touched by the attempt.
    const again = await turn({
      topic: 'solenoid',
      user_id: 'erin',
      session_id: mine.session_id,
      messages: ask('ok'),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ current_step: 1, exercise: { number: 1 } });
  });

  it('refuses a body user_id that contradicts the X-User-Id the backend sent', async () => {
    const res = await turn(
      { topic: 'solenoid', user_id: 'erin', messages: ask('hi') },
      { 'x-user-id': 'frank' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: expect.stringMatching(/^user_id/),
    });
  });

  it('keeps a session in the course it was started in', async () => {
    const mine = (await turn({ topic: 'solenoid', user_id: 'gail', messages: ask('hi') })).json().data;
    const res = await t.app.inject({
      method: 'POST',
      url: GUIDED,
      payload: {
        topic: 'solenoid',
        user_id: 'gail',
        course_id: 'other',
        session_id: mine.session_id,
        messages: ask('x'),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toMatch(/^course_id/);
  });

  it('validates the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: GUIDED,
      payload: { topic: '', messages: [], user_id: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.details).toMatch(/topic/);
    expect(res.json().error.details).not.toMatch(/course_id/);
  });

  it('runs a practice session on the shipped notes without a course', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: GUIDED,
      payload: {
        topic: "Gauss's law",
        messages: [{ role: 'user', content: 'I want to learn this' }],
        user_id: 'u-practice',
      },
    });
    expect(start.statusCode, start.body).toBe(200);
    const data = start.json().data;
    expect(data.total_steps).toBeGreaterThanOrEqual(3);
    expect(data.citations.length).toBeGreaterThan(0);
    const next = await t.app.inject({
      method: 'POST',
      url: GUIDED,
      payload: {
        topic: "Gauss's law",
        session_id: data.session_id,
        messages: [
          { role: 'user', content: 'Charge is a property of matter that makes it feel electric forces.' },
        ],
        user_id: 'u-practice',
      },
    });
    expect(next.statusCode, next.body).toBe(200);
    // A practice session is not moved into a course halfway.
    const moved = await t.app.inject({
      method: 'POST',
      url: GUIDED,
      payload: {
        topic: "Gauss's law",
        session_id: data.session_id,
        course_id: 'c-1',
        messages: [{ role: 'user', content: 'more' }],
        user_id: 'u-practice',
      },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.details).toMatch(/without a course/);
  });
});
