import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPSILON_0 } from '../src/simulated/quantities.js';
import type { TestAi } from './support/ai-app.js';
import { ask } from './support/ai-app.js';
import { buildTutoringAi, removeDir, type TestClock, tempDir } from './support/tutoring-app.js';

/**
 * Guided learning in simulated mode: a whole path from the first turn to 100 %, the rules that
 * decide understanding, the hint ladder, and the session's ownership.
 */

const GUIDED = '/v1/chat/guided';
const COURSE = 'course-em-101';

/** The path the simulated tutor must build: the `##` sections of the matching notes file. */
async function sectionsOf(file: string): Promise<string[]> {
  const text = await readFile(new URL(`../corpus/${file}`, import.meta.url), 'utf8');
  return [...text.matchAll(/^##\s+(.+)$/gm)].map((m) => m[1]!.trim());
}

/** An answer that meets the explanation rule: two key terms of the step and a reason. */
function explanation(terms: string[]): string {
  const [a, b = a] = terms;
  return `The ${a} and the ${b} decide what happens here, because the ${a} is fixed by the ${b}, so the result follows from them.`;
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

describe('a guided session in simulated mode', () => {
  it('walks the whole Gauss’s-law path from the first turn to 100 %', async () => {
    const titles = await sectionsOf('en/gauss-law.md');
    const first = await turn({
      topic: "Gauss's law",
      user_id: 'alice',
      messages: ask('I want to understand Gauss’s law.'),
    });
    expect(first.statusCode).toBe(200);
    let data = first.json().data;
    expect(data).toMatchObject({
      topic: "Gauss's law",
      current_step: 1,
      total_steps: titles.length,
      progress_percentage: 0,
      completed: false,
      weak_points: [],
      assessment: null,
      path_source: 'corpus',
      model: 'simulated',
    });
    expect(data.learning_path.map((s: { title: string }) => s.title)).toEqual(titles);
    expect(data.learning_path[0]).toMatchObject({ step: 1, status: 'current', source: 'en/gauss-law.md' });
    expect(data.learning_path[1].status).toBe('pending');
    expect(data.reply.match(/\*\*Question:\*\*/g)).toHaveLength(1);
    expect(data.citations.length).toBeGreaterThan(0);
    // Cited by the notes' title and the section within them, never by the file's path.
    expect(data.citations[0]).toMatchObject({
      n: 1,
      source: expect.stringContaining('gauss'),
      title: "Gauss's law",
      section: expect.not.stringContaining("Gauss's law >"),
    });
    const sessionId: string = data.session_id;

    for (let step = 0; step < titles.length; step += 1) {
      const current = data.learning_path[step];
      expect(current.status).toBe('current');
      const answer = /Statement of Gauss/.test(current.title)
        ? `The flux is about ${(1e-9 / EPSILON_0).toFixed(1)} N·m²/C.`
        : explanation(current.key_terms);
      const res = await turn({
        topic: "Gauss's law",
        user_id: 'alice',
        session_id: sessionId,
        messages: ask(answer),
      });
      expect(res.statusCode).toBe(200);
      data = res.json().data;
      expect(data.assessment).toMatchObject({ understood: true, judged_by: 'rules' });
      expect(data.progress_percentage).toBe(Math.round((100 * (step + 1)) / titles.length));
      expect(data.reply.match(/\*\*Question:\*\*/g)).toHaveLength(1);
    }
    expect(data).toMatchObject({
      session_id: sessionId,
      current_step: titles.length,
      progress_percentage: 100,
      completed: true,
    });
    expect(data.learning_path.every((s: { status: string }) => s.status === 'done')).toBe(true);
    expect(data.reply).toMatch(/completes the path/);

    // A finished path stays finished; the student is pointed to a new session.
    const after = await turn({
      topic: "Gauss's law",
      user_id: 'alice',
      session_id: sessionId,
      messages: ask('and now?'),
    });
    expect(after.json().data).toMatchObject({ progress_percentage: 100, completed: true, assessment: null });
    expect(after.json().data.reply).toMatch(/new session/);
  });

  it('gives hints before the answer, and keeps what was hard as a weak point', async () => {
    const start = (
      await turn({ topic: 'Coulomb’s law', user_id: 'bob', messages: ask('Teach me electrostatics') })
    ).json().data;
    expect(start.learning_path.map((s: { title: string }) => s.title)).toEqual(
      await sectionsOf('en/electrostatics.md'),
    );
    const id = start.session_id;
    // Step 1 (Electric charge): a list of words is not an explanation.
    const list = await turn({ topic: 'x', user_id: 'bob', session_id: id, messages: ask('charge') });
    const missed = list.json().data;
    expect(missed).toMatchObject({ current_step: 1, progress_percentage: 0 });
    expect(missed.assessment).toMatchObject({ understood: false, judged_by: 'rules' });
    expect(missed.assessment.reason).toMatch(/no reason given/);
    expect(missed.assessment.reason).toMatch(/too short/);
    expect(missed.reply).toMatch(/Not quite yet/);
    expect(missed.reply).toMatch(/\*Hint:\*/);
    expect(missed.weak_points).toEqual([
      { step: 1, title: 'Electric charge', note: expect.stringMatching(/gave no reason.*answer too short/) },
    ]);
    // The same words with a reason but too few key terms still miss; the notes are quoted next.
    const second = (
      await turn({
        topic: 'x',
        user_id: 'bob',
        session_id: id,
        messages: ask(
          'Things attract each other because of something invisible that acts between them at a distance.',
        ),
      })
    ).json().data;
    expect(second.assessment.understood).toBe(false);
    // The second hint leads: the notes' sentence with its key terms blanked, not the answer.
    expect(second.reply).toMatch(/fill in the blanks of the notes' sentence: “[^”]*____[^”]*”/);
    expect(second.weak_points[0].note).toMatch(/did not use/);
    // Third miss: the key point itself, and a request to explain it back.
    const third = (
      await turn({ topic: 'x', user_id: 'bob', session_id: id, messages: ask('no idea') })
    ).json().data;
    expect(third.reply).toMatch(/Here is the key point/);
    expect(third.reply).toMatch(/\*\*Question:\*\* Can you explain it back/);
    expect(third.reply.match(/\?/g)).toHaveLength(1);
    const good = (
      await turn({
        topic: 'x',
        user_id: 'bob',
        session_id: id,
        messages: ask(explanation(third.learning_path[0].key_terms)),
      })
    ).json().data;
    expect(good).toMatchObject({ current_step: 2, assessment: { understood: true } });
    expect(good.weak_points).toHaveLength(1);

    // Step 2 (Coulomb's law) is numeric: hint 1 is the relation, hint 2 the substitution, then the answer.
    const wrongUnits = (
      await turn({ topic: 'x', user_id: 'bob', session_id: id, messages: ask('E = 2.0 × 10^8 N/C') })
    ).json().data;
    expect(wrongUnits.assessment.understood).toBe(false);
    expect(wrongUnits.reply).toMatch(/power of ten/);
    expect(wrongUnits.reply).toMatch(/E = k·\|q\|\/r²/);
    expect(wrongUnits.weak_points[1]).toMatchObject({
      step: 2,
      note: expect.stringMatching(/unit conversion/),
    });
    const wrongAgain = (
      await turn({ topic: 'x', user_id: 'bob', session_id: id, messages: ask('about 500 N/C') })
    ).json().data;
    expect(wrongAgain.reply).toMatch(/0\.03\)²/);
    const shown = (await turn({ topic: 'x', user_id: 'bob', session_id: id, messages: ask('300?') })).json()
      .data;
    expect(shown.reply).toMatch(/The result is about 20000 N\/C\./);
    expect(shown.reply.match(/\?/g)).toHaveLength(1);
    const right = (
      await turn({ topic: 'x', user_id: 'bob', session_id: id, messages: ask('So it is 20 kN/C.') })
    ).json().data;
    expect(right).toMatchObject({ current_step: 3, assessment: { understood: true } });
  });

  it('teaches in Chinese from the Chinese notes', async () => {
    const start = await turn({ topic: '高斯定理', user_id: 'chen', messages: ask('我想学习高斯定理') });
    const data = start.json().data;
    expect(data.learning_path.map((s: { title: string }) => s.title)).toEqual(
      await sectionsOf('zh/gauss-law.md'),
    );
    expect(data.learning_path[0].source).toBe('zh/gauss-law.md');
    expect(data.reply).toMatch(/\*\*问题：\*\*/);
    const terms: string[] = data.learning_path[0].key_terms;
    const answer = `${terms[0]}和${terms[1]}之间有直接的关系，因为穿过闭合曲面的电场线条数由它们决定，所以可以这样计算。`;
    const next = (
      await turn({ topic: '高斯定理', user_id: 'chen', session_id: data.session_id, messages: ask(answer) })
    ).json().data;
    expect(next).toMatchObject({ current_step: 2, assessment: { understood: true, judged_by: 'rules' } });
    expect(next.reply).toMatch(/很好/);
  });

  it('finds the Chinese notes for an English topic asked in Chinese', async () => {
    const data = (
      await turn({ topic: 'solenoid', user_id: 'chen', messages: ask('我想学习螺线管的磁场') })
    ).json().data;
    expect(data.learning_path[0]).toMatchObject({ title: '长直螺线管内的磁场', source: 'zh/solenoids.md' });
    expect(data.reply).toMatch(/^我们一步一步来学习/);
  });

  it('falls back to a generic three-step path for a topic the notes do not cover', async () => {
    const data = (await turn({ topic: 'thermodynamics', user_id: 'dan', messages: ask('hi') })).json().data;
    expect(data).toMatchObject({ total_steps: 3, path_source: 'generic', citations: [] });
    expect(data.learning_path[0].key_terms).toEqual(['thermodynamics']);
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
    expect(again.json().data.current_step).toBe(1);
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
