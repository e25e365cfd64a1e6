import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, type Who, type World } from './support/assignments-fixtures.js';
import { principalFor } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';
import { failOnInsert } from './support/faults.js';

interface Level {
  id: string;
  title: string;
  points: number;
}
interface Criterion {
  id: string;
  title: string;
  levels: Level[];
}
interface RubricBody {
  id: string;
  title: string;
  criteria: Criterion[];
  max_points: number;
  in_use: boolean;
  assignment_ids: string[];
}

const rubricInput = (title = 'Lab report') => ({
  title,
  criteria: [
    {
      title: 'Derivation',
      description: 'Each step follows',
      levels: [
        { title: 'Missing', points: 0 },
        { title: 'Partial', points: 5, description: 'Gaps in the algebra' },
        { title: 'Complete', points: 10 },
      ],
    },
    {
      title: '单位',
      levels: [
        { title: '错误', points: 0 },
        { title: '正确', points: 4 },
      ],
    },
  ],
});

describe.each(testDatabaseFactories())('rubrics on $name', (factory) => {
  let database: TestDatabase;
  let w: World;

  beforeAll(async () => {
    database = await factory.create();
    w = await buildWorld(database);
  });

  afterAll(async () => {
    await w?.t.app.close();
    await database?.drop();
  });

  const rubrics = (rest = '') => `/api/v1/courses/${w.courseId}/rubrics${rest}`;
  const remove = (who: Who, rubricId: string) =>
    w.t.app.inject({ method: 'DELETE', url: rubrics(`/${rubricId}`), headers: w.headers[who] });
  const created = async (who: Who = 'teacher', body: unknown = rubricInput()) => {
    const res = await w.api(who, 'POST', rubrics(), body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as RubricBody;
  };
  const attach = (assignmentId: string, rubricId: string | null, who: Who = 'teacher') =>
    w.api(who, 'PUT', w.url(assignmentId, '/rubric'), { rubric_id: rubricId });
  const submitted = async (assignmentId: string, who: Who = 'student') => {
    const res = await w.api(who, 'POST', w.url(assignmentId, '/submissions'), { content: 'my answer' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };
  const grade = (assignmentId: string, submissionId: string, body: unknown, who: Who = 'teacher') =>
    w.api(who, 'PUT', w.url(assignmentId, `/submissions/${submissionId}/grade`), body);
  const choose = (rubric: RubricBody, picks: number[], comment = '') =>
    rubric.criteria.map((criterion, i) => ({
      criterion_id: criterion.id,
      level_id: criterion.levels[picks[i] ?? 0]?.id ?? 'no-such-level',
      comment,
    }));
  const expectError = (
    res: { statusCode: number; body: string; json(): { error: { code: string } } },
    status: number,
    code: string,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
  };

  it('builds rubrics (staff only), gives every criterion and level an id, and lists them', async () => {
    const rubric = await created('assistant');
    expect(rubric).toMatchObject({ title: 'Lab report', max_points: 14, in_use: false, assignment_ids: [] });
    const ids = rubric.criteria.flatMap((c) => [c.id, ...c.levels.map((l) => l.id)]);
    expect(new Set(ids).size).toBe(7);
    expect(rubric.criteria[1]?.levels.map((l) => l.title)).toEqual(['错误', '正确']);
    for (const who of ['student', 'otherTeacher', 'outsider'] as const) {
      const res = await w.api(who, 'POST', rubrics(), rubricInput());
      expect(res.statusCode, who).toBe(who === 'otherTeacher' ? 404 : 403);
      expect((await w.api(who, 'GET', rubrics())).statusCode, who).toBe(who === 'otherTeacher' ? 404 : 403);
    }
    const listed = (await w.api('teacher', 'GET', rubrics())).json().data.rubrics as RubricBody[];
    expect(listed.map((r) => r.id)).toContain(rubric.id);
    for (const bad of [
      { title: 'x', criteria: [] },
      { title: 'x', criteria: [{ title: 'c', levels: [] }] },
      { title: '', criteria: rubricInput().criteria },
      { title: 'x', criteria: [{ title: 'c', levels: [{ title: 'l', points: -1 }] }] },
      { title: 'x', criteria: [{ title: 'c', levels: [{ title: 'l', points: '3' }] }] },
    ]) {
      expectError(await w.api('teacher', 'POST', rubrics(), bad), 400, 'VALIDATION_ERROR');
    }
    expectError(await w.api('teacher', 'GET', rubrics('/nope')), 404, 'RUBRIC_NOT_FOUND');
  });

  it('attaches a rubric to assignments of the course only when its best total fits max_score', async () => {
    const rubric = await created();
    const small = await w.assignment({ max_score: 10 });
    expectError(await attach(small, rubric.id), 400, 'VALIDATION_ERROR');
    const first = await w.assignment({ max_score: 20 });
    const second = await w.assignment({ max_score: 14 });
    expect((await attach(first, rubric.id)).json().data.rubric.id).toBe(rubric.id);
    expect((await attach(second, rubric.id, 'assistant')).statusCode).toBe(200);
    const seen = (await w.api('teacher', 'GET', rubrics(`/${rubric.id}`))).json().data as RubricBody;
    expect(seen.assignment_ids.sort()).toEqual([first, second].sort());
    expectError(await attach(first, rubric.id, 'student'), 403, 'INSUFFICIENT_PERMISSIONS');
    expectError(await attach(first, 'not-a-rubric'), 400, 'VALIDATION_ERROR');
    // Students read the rubric they will be graded with.
    const forStudent = await w.api('student', 'GET', w.url(first, '/rubric'));
    expect(forStudent.json().data.rubric.criteria).toHaveLength(2);
    expect((await attach(second, null)).json().data).toEqual({ rubric: null });
    expect((await w.api('student', 'GET', w.url(second, '/rubric'))).json().data).toEqual({ rubric: null });
  });

  it('grades with one level per criterion, computes the score and shows the student the filled rubric', async () => {
    const rubric = await created();
    const assignment = await w.assignment({ max_score: 20 });
    await attach(assignment, rubric.id);
    const sub = await submitted(assignment);
    const picks = choose(rubric, [1, 1], 'Check the sign of E');
    const res = await grade(assignment, sub, { rubric: picks, feedback: 'Good start' }, 'assistant');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ score: 9, feedback: 'Good start', graded: true });
    const seen = (await w.api('student', 'GET', w.url(assignment, `/submissions/${sub}`))).json().data;
    expect(seen.score).toBe(9);
    expect(seen.rubric_assessment).toMatchObject({ rubric_id: rubric.id, total: 9, max_points: 14 });
    expect(
      seen.rubric_assessment.criteria.map(
        (c: { title: string; selected_level_id: string; points: number; comment: string }) => [
          c.title,
          c.selected_level_id,
          c.points,
          c.comment,
        ],
      ),
    ).toEqual([
      ['Derivation', rubric.criteria[0]?.levels[1]?.id, 5, 'Check the sign of E'],
      ['单位', rubric.criteria[1]?.levels[1]?.id, 4, 'Check the sign of E'],
    ]);
    // The assignment page of the student carries it too.
    const page = (await w.api('student', 'GET', w.url(assignment))).json().data;
    expect(page.my_submission.rubric_assessment.total).toBe(9);
    // Regrading the same attempt replaces the selections.
    const again = await grade(assignment, sub, { rubric: choose(rubric, [2, 1]) });
    expect(again.json().data.score).toBe(14);
    expect(again.json().data.rubric_assessment.criteria[0].comment).toBe('');
  });

  it('refuses a score sent alongside or instead of the rubric, levels of other rubrics and missing criteria', async () => {
    const rubric = await created();
    const other = await created('teacher', rubricInput('Other'));
    const assignment = await w.assignment({ max_score: 20 });
    await attach(assignment, rubric.id);
    const sub = await submitted(assignment);
    const [derivation, units] = choose(rubric, [2, 1]);
    const foreign = choose(other, [2, 1]);
    const cases: [string, unknown][] = [
      ['score instead of rubric', { score: 20 }],
      ['score and rubric', { score: 20, rubric: [derivation, units] }],
      ['a missing criterion', { rubric: [derivation] }],
      ['a criterion twice', { rubric: [derivation, derivation, units] }],
      ['a criterion of another rubric', { rubric: [derivation, units, foreign[0]] }],
      ['a level of another rubric', { rubric: [derivation, { ...units, level_id: foreign[1]?.level_id }] }],
      ["another criterion's level", { rubric: [derivation, { ...units, level_id: derivation?.level_id }] }],
      ['no level', { rubric: [derivation, { criterion_id: units?.criterion_id }] }],
      ['neither', { feedback: 'nice' }],
    ];
    for (const [what, body] of cases) {
      expectError(await grade(assignment, sub, body), 400, 'VALIDATION_ERROR');
      expect(what).toBeTruthy();
    }
    expectError(
      await grade(assignment, sub, { rubric: [derivation, units] }, 'student'),
      403,
      'INSUFFICIENT_PERMISSIONS',
    );
    expectError(
      await grade(assignment, sub, { rubric: [derivation, units] }, 'student2'),
      403,
      'INSUFFICIENT_PERMISSIONS',
    );
    const still = (await w.api('teacher', 'GET', w.url(assignment, `/submissions/${sub}`))).json().data;
    expect(still).toMatchObject({ graded: false, score: null, rubric_assessment: null });
    // Without a rubric, rubric selections are refused and plain scores work as before.
    const plain = await w.assignment({ max_score: 20 });
    const plainSub = await submitted(plain);
    expectError(await grade(plain, plainSub, { rubric: [derivation, units] }), 400, 'VALIDATION_ERROR');
    const scored = await grade(plain, plainSub, { score: 12 });
    expect(scored.json().data).toMatchObject({ score: 12, rubric_assessment: null });
  });

  it('freezes a rubric once a grade used it: edits and deletion are refused, a copy can change', async () => {
    const rubric = await created();
    const edited = await w.api('teacher', 'PUT', rubrics(`/${rubric.id}`), rubricInput('Renamed'));
    expect(edited.statusCode, edited.body).toBe(200);
    const current = edited.json().data as RubricBody;
    expect(current.title).toBe('Renamed');
    const assignment = await w.assignment({ max_score: 14 });
    await attach(assignment, current.id);
    // An edit that would outgrow an attached assignment's max_score is refused.
    const bigger = rubricInput('Renamed');
    bigger.criteria[0]?.levels.push({ title: 'Beyond', points: 11 });
    expectError(await w.api('teacher', 'PUT', rubrics(`/${current.id}`), bigger), 400, 'VALIDATION_ERROR');
    const sub = await submitted(assignment);
    expect((await grade(assignment, sub, { rubric: choose(current, [2, 0]) })).json().data.score).toBe(10);

    expectError(
      await w.api('teacher', 'PUT', rubrics(`/${current.id}`), rubricInput('Changed')),
      409,
      'RUBRIC_IN_USE',
    );
    expectError(await remove('teacher', current.id), 409, 'RUBRIC_IN_USE');
    const listed = (await w.api('teacher', 'GET', rubrics(`/${current.id}`))).json().data as RubricBody;
    expect(listed).toMatchObject({ title: 'Renamed', in_use: true });

    const copy = await w.api('teacher', 'POST', rubrics(`/${current.id}/copy`), { title: 'Renamed v2' });
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = copy.json().data as RubricBody;
    expect(copied).toMatchObject({ title: 'Renamed v2', in_use: false, max_points: 14, assignment_ids: [] });
    expect(copied.criteria[0]?.id).not.toBe(current.criteria[0]?.id);
    expect((await w.api('teacher', 'PUT', rubrics(`/${copied.id}`), rubricInput('v2'))).statusCode).toBe(200);

    // Attaching the copy leaves the past grade's filled rubric as it was.
    await attach(assignment, copied.id);
    const past = (await w.api('student', 'GET', w.url(assignment, `/submissions/${sub}`))).json().data;
    expect(past.rubric_assessment).toMatchObject({ rubric_id: current.id, title: 'Renamed', total: 10 });

    const unused = await created();
    expect((await remove('teacher', unused.id)).statusCode).toBe(200);
    expectError(await remove('teacher', unused.id), 404, 'RUBRIC_NOT_FOUND');
    expectError(await remove('student', copied.id), 403, 'INSUFFICIENT_PERMISSIONS');
  });

  it('caps the computed score at max_score when the assignment was lowered after attaching', async () => {
    const rubric = await created();
    const assignment = await w.assignment({ max_score: 14 });
    await attach(assignment, rubric.id);
    const sub = await submitted(assignment);
    const lowered = await w.api('teacher', 'PUT', w.url(assignment), { max_score: 12 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const res = await grade(assignment, sub, { rubric: choose(rubric, [2, 1]) });
    expect(res.json().data).toMatchObject({ score: 12, rubric_assessment: { total: 14 } });
  });

  it('writes the grade and its filled rubric together: a failed selection leaves the work ungraded', async () => {
    const rubric = await created();
    const assignment = await w.assignment({ max_score: 20 });
    await attach(assignment, rubric.id);
    const sub = await submitted(assignment);
    const { gradeSubmission } = await import('../src/assignments/submissions.service.js');
    const me = (await w.api('teacher', 'GET', '/api/v1/auth/me')).json().data;
    const principal = principalFor({
      id: me.id,
      username: 'teacher',
      role: 'teacher',
      permissions: me.permissions,
    });
    await expect(
      gradeSubmission(
        failOnInsert(w.t.app.db, 'rubric_selections', 1),
        principal,
        w.courseId,
        assignment,
        sub,
        {
          rubric: choose(rubric, [2, 1]),
          feedback: 'lost',
        },
      ),
    ).rejects.toThrow('injected failure');
    const seen = (await w.api('teacher', 'GET', w.url(assignment, `/submissions/${sub}`))).json().data;
    expect(seen).toMatchObject({ graded: false, score: null, feedback: null, rubric_assessment: null });
    const attempts = (await w.api('teacher', 'GET', w.url(assignment, `/submissions/${sub}/attempts`))).json()
      .data;
    expect(attempts.attempts[0]).toMatchObject({ score: null });
  });
});
