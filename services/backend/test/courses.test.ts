import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.js';
import { bearer, createUserAs, loginAs } from './support/auth.js';
import { type TestDatabase, testDatabaseFactories } from './support/databases.js';

const FAST = { BCRYPT_COST: '4', LOGIN_RATE_LIMIT_PER_MINUTE: '10000' };

describe.each(testDatabaseFactories())('courses on $name', (factory) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: { authorization: string };
  let teacher: { authorization: string };
  let otherTeacher: { authorization: string };
  let student: { authorization: string };
  let counter = 0;

  beforeAll(async () => {
    database = await factory.create();
    t = await buildTestApp(database, FAST);
    const adminToken = await loginAs(t.app, 'admin');
    admin = bearer(adminToken);
    teacher = bearer(await loginAs(t.app, 'teacher'));
    student = bearer(await loginAs(t.app, 'student'));
    await createUserAs(t.app, adminToken, { username: 'teacher2', role: 'teacher' });
    otherTeacher = bearer(await loginAs(t.app, 'teacher2', 'Passw0rd!x'));
  });

  afterAll(async () => {
    await t?.app.close();
    await database?.drop();
  });

  const api = (headers: { authorization: string }, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function newCourse(fields: Record<string, unknown> = {}, as = teacher) {
    counter += 1;
    const res = await api(as, 'POST', '/api/v1/courses', {
      name: `Electromagnetism ${counter}`,
      code: `EM${counter}`,
      semester: '2025-2026-1',
      description: 'Fields and waves',
      syllabus: 'Maxwell',
      max_students: 30,
      ...fields,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data;
  }

  it("creates a course with the contract's response and makes the caller its teacher", async () => {
    const res = await api(teacher, 'POST', '/api/v1/courses', {
      name: '电磁学',
      code: 'PHY-201',
      semester: '2025-2026-2',
      description: 'd',
      syllabus: 's',
      max_students: 40,
      schedule: [{ week: 1, topic: 'Coulomb', content: 'charges' }],
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(
      [
        'id',
        'name',
        'code',
        'semester',
        'description',
        'teacher_id',
        'status',
        'invite_code',
        'created_at',
      ].sort(),
    );
    expect(data.status).toBe('active');
    expect(data.invite_code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    const me = (await api(teacher, 'GET', '/api/v1/auth/me')).json().data;
    expect(data.teacher_id).toBe(me.id);
    const detail = (await api(teacher, 'GET', `/api/v1/courses/${data.id}`)).json().data;
    expect(detail).toMatchObject({
      name: '电磁学',
      teacher_name: 'Demo Teacher',
      student_count: 0,
      assistants: [],
      syllabus: 's',
      schedule: [{ week: 1, topic: 'Coulomb', content: 'charges' }],
      my_role: 'teacher',
      invite_code: data.invite_code,
    });
  });

  it('validates fields with clear 400s', async () => {
    const base = { name: 'X', code: 'VAL1', semester: '2025-2026-1', max_students: 10 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, name: '' }, 'body.name'],
      [{ ...base, semester: '2025-2027-1' }, 'consecutive'],
      [{ ...base, semester: '25-26-1' }, 'YYYY-YYYY-n'],
      [{ ...base, max_students: 0 }, 'body.max_students'],
      [{ ...base, code: 'bad code!' }, 'body.code'],
      [{ name: 'X', semester: '2025-2026-1' }, 'body.code'],
    ];
    for (const [body, expected] of cases) {
      const res = await api(teacher, 'POST', '/api/v1/courses', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.details).toContain(expected);
    }
    const course = await newCourse();
    const badStatus = await api(teacher, 'PUT', `/api/v1/courses/${course.id}`, { status: 'closed' });
    expect(badStatus.statusCode).toBe(400);
  });

  it('refuses a duplicate code case-insensitively among live courses, also when creates race', async () => {
    await newCourse({ code: 'DUP-1' });
    const dup = await api(otherTeacher, 'POST', '/api/v1/courses', {
      name: 'Other',
      code: 'dup-1',
      semester: '2025-2026-1',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('COURSE_CODE_EXISTS');
    const racing = await Promise.all(
      Array.from({ length: 6 }, () =>
        api(teacher, 'POST', '/api/v1/courses', { name: 'Race', code: 'RACE-9', semester: '2025-2026-1' }),
      ),
    );
    expect(racing.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(racing.filter((r) => r.statusCode === 409)).toHaveLength(5);
  });

  it('frees the code of a soft-deleted course, which then reads as not found everywhere', async () => {
    const course = await newCourse({ code: 'GONE-1' });
    const del = await api(teacher, 'DELETE', `/api/v1/courses/${course.id}`);
    expect(del.json().data.message).toBeTruthy();
    for (const [method, url] of [
      ['GET', `/api/v1/courses/${course.id}`],
      ['PUT', `/api/v1/courses/${course.id}`],
      ['GET', `/api/v1/courses/${course.id}/members`],
    ]) {
      const res = await api(admin, method!, url!, method === 'PUT' ? { name: 'x' } : undefined);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('COURSE_NOT_FOUND');
    }
    const list = (await api(admin, 'GET', '/api/v1/courses?search=GONE-1')).json().data;
    expect(list.total).toBe(0);
    const join = await api(student, 'POST', '/api/v1/courses/join', { invite_code: course.invite_code });
    expect(join.json().error.code).toBe('INVITE_CODE_INVALID');
    await newCourse({ code: 'GONE-1' });
  });

  it('shows each role only its courses, with teacher_name and student_count, paged and searchable', async () => {
    const mine = await newCourse({ name: 'Visible Optics', code: 'VIS-1' });
    const notMine = await newCourse({ name: 'Hidden Optics', code: 'VIS-2' }, otherTeacher);
    await api(student, 'POST', '/api/v1/courses/join', { invite_code: mine.invite_code });
    const names = async (who: { authorization: string }) =>
      (await api(who, 'GET', '/api/v1/courses?search=optics'))
        .json()
        .data.courses.map((c: { name: string }) => c.name);
    expect(await names(admin)).toEqual(expect.arrayContaining(['Visible Optics', 'Hidden Optics']));
    expect(await names(teacher)).toEqual(['Visible Optics']);
    expect(await names(otherTeacher)).toEqual(['Hidden Optics']);
    expect(await names(student)).toEqual(['Visible Optics']);
    const item = (await api(student, 'GET', '/api/v1/courses?search=VIS-1')).json().data.courses[0];
    expect(item).toMatchObject({ teacher_name: 'Demo Teacher', student_count: 1, code: 'VIS-1' });
    const hidden = await api(student, 'GET', `/api/v1/courses/${notMine.id}`);
    const missing = await api(student, 'GET', '/api/v1/courses/00000000-0000-7000-8000-000000000000');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    const page = (await api(admin, 'GET', '/api/v1/courses?page=2&limit=2')).json().data;
    expect(page).toMatchObject({ page: 2, limit: 2 });
    expect(page.courses).toHaveLength(2);
    expect(page.total).toBeGreaterThan(4);
    const defaults = (await api(admin, 'GET', '/api/v1/courses')).json().data;
    expect(defaults).toMatchObject({ page: 1, limit: 20 });
    expect((await api(admin, 'GET', '/api/v1/courses?limit=101')).statusCode).toBe(400);
  });

  it("gives a teacher's and a student's total on every page, also past the last one", async () => {
    const own = [await newCourse({ name: 'Paged Optics A' }), await newCourse({ name: 'Paged Optics B' })];
    for (const course of own)
      await api(student, 'POST', '/api/v1/courses/join', { invite_code: course.invite_code });
    for (const who of [teacher, student]) {
      const all = (await api(who, 'GET', '/api/v1/courses?limit=100')).json().data;
      expect(all.total).toBe(all.courses.length);
      const second = (await api(who, 'GET', '/api/v1/courses?page=2&limit=1')).json().data;
      expect(second.total).toBe(all.total);
      expect(second.courses.map((c: { id: string }) => c.id)).toEqual([all.courses[1].id]);
      // The last page, short of its limit: its total is what the pages before it and it hold.
      const lastPage = (await api(who, 'GET', `/api/v1/courses?page=2&limit=${all.total - 1}`)).json().data;
      expect(lastPage).toMatchObject({ total: all.total, courses: [all.courses[all.total - 1]] });
      const beyond = (await api(who, 'GET', `/api/v1/courses?page=${all.total + 5}&limit=1`)).json().data;
      expect(beyond).toMatchObject({ total: all.total, courses: [] });
      const searched = (await api(who, 'GET', '/api/v1/courses?search=Paged%20Optics')).json().data;
      expect(searched.total).toBe(2);
      expect(searched.courses[0]).not.toHaveProperty('total');
    }
  });

  it("lists a teacher's taught and assisted courses once each, with each course's own teacher", async () => {
    const taught = await newCourse({ name: 'Both Sides Taught' }, otherTeacher);
    const assisted = await newCourse({ name: 'Both Sides Assisted' });
    const otherId = (await api(otherTeacher, 'GET', '/api/v1/auth/me')).json().data.id;
    await api(teacher, 'POST', `/api/v1/courses/${assisted.id}/members`, {
      user_ids: [otherId],
      role: 'assistant',
    });
    // The API never makes a course's teacher its member, but imported rows may: still one entry.
    await t.app.db
      .insertInto('course_members')
      .values({
        course_id: taught.id,
        user_id: otherId,
        role: 'assistant',
        joined_at: new Date().toISOString(),
      })
      .execute();
    const list = (await api(otherTeacher, 'GET', '/api/v1/courses?search=Both%20Sides')).json().data;
    expect(list.total).toBe(2);
    expect(list.courses.map((c: { name: string; teacher_name: string }) => [c.name, c.teacher_name])).toEqual(
      [
        ['Both Sides Assisted', 'Demo Teacher'],
        ['Both Sides Taught', expect.not.stringMatching(/^(Demo Teacher)?$/)],
      ],
    );
  });

  it('treats SQL-looking and wildcard searches as plain text', async () => {
    await newCourse({ name: 'Circuits 100% lab', code: 'PCT-1' });
    for (const search of ["' OR 1=1 --", '"; DROP TABLE courses; --', '%', '_']) {
      const res = await api(admin, 'GET', `/api/v1/courses?search=${encodeURIComponent(search)}`);
      expect(res.statusCode, search).toBe(200);
      const found = res.json().data.courses.map((c: { name: string }) => c.name);
      if (search === '%') expect(found).toEqual(['Circuits 100% lab']);
      else if (search === '_') expect(found.every((n: string) => n.includes('_'))).toBe(true);
      else expect(found).toEqual([]);
    }
  });

  it("keeps an admin's search in step with every change: any part of name or code, any case, Chinese, renames, deletion", async () => {
    const course = await newCourse({ name: 'Électromagnétisme 电磁学 "Advanced"', code: 'EMX-7' });
    const found = async (search: string) =>
      (await api(admin, 'GET', `/api/v1/courses?search=${encodeURIComponent(search)}`))
        .json()
        .data.courses.map((c: { id: string }) => c.id);
    for (const search of ['emx-7', 'EMX', 'tromagn', '电磁学', '电磁', '"Advanced"', 'x-7', 'Élec'])
      expect(await found(search), search).toContain(course.id);
    expect(await found('EMX-8')).not.toContain(course.id);
    await api(admin, 'PUT', `/api/v1/courses/${course.id}`, { name: 'Wave Optics Renamed' });
    expect(await found('Renamed')).toContain(course.id);
    expect(await found('tromagn')).not.toContain(course.id);
    await api(admin, 'DELETE', `/api/v1/courses/${course.id}`);
    expect(await found('Renamed')).not.toContain(course.id);
    expect(await found('EMX-7')).not.toContain(course.id);
  });

  it('lets only admin and the course teacher change it; course:write alone is not enough', async () => {
    const course = await newCourse();
    const byOther = await api(otherTeacher, 'PUT', `/api/v1/courses/${course.id}`, { name: 'Hijacked' });
    expect(byOther.statusCode).toBe(404);
    const byStudent = await api(student, 'PUT', `/api/v1/courses/${course.id}`, { name: 'Hijacked' });
    expect(byStudent.statusCode).toBe(403);
    expect(byStudent.json().error.required_permission).toBe('course:write');
    const byTeacher = await api(teacher, 'PUT', `/api/v1/courses/${course.id}`, {
      name: 'Renamed',
      status: 'archived',
    });
    expect(byTeacher.json().data).toMatchObject({ id: course.id, name: 'Renamed', status: 'archived' });
    expect(byTeacher.json().data.updated_at).toEqual(expect.any(String));
    const byAdmin = await api(admin, 'PUT', `/api/v1/courses/${course.id}`, { status: 'active' });
    expect(byAdmin.json().data.status).toBe('active');
    expect((await api(otherTeacher, 'DELETE', `/api/v1/courses/${course.id}`)).statusCode).toBe(404);
  });

  it('lets an assistant see but not change course settings', async () => {
    const course = await newCourse();
    const assistantId = (await api(otherTeacher, 'GET', '/api/v1/auth/me')).json().data.id;
    await api(teacher, 'POST', `/api/v1/courses/${course.id}/members`, {
      user_ids: [assistantId],
      role: 'assistant',
    });
    const detail = (await api(otherTeacher, 'GET', `/api/v1/courses/${course.id}`)).json().data;
    expect(detail.my_role).toBe('assistant');
    expect(detail.invite_code).toBeUndefined();
    const change = await api(otherTeacher, 'PUT', `/api/v1/courses/${course.id}`, { name: 'x' });
    expect(change.statusCode).toBe(403);
    expect(change.json().error.code).toBe('INSUFFICIENT_PERMISSIONS');
  });

  it('lets an admin create a course for a teacher, and nobody lower max_students below enrolment', async () => {
    const teacherId = (await api(teacher, 'GET', '/api/v1/auth/me')).json().data.id;
    const course = await newCourse({ teacher_id: teacherId }, admin);
    expect(course.teacher_id).toBe(teacherId);
    const refused = await api(otherTeacher, 'POST', '/api/v1/courses', {
      name: 'x',
      code: 'FORSOMEONE',
      semester: '2025-2026-1',
      teacher_id: teacherId,
    });
    expect(refused.statusCode).toBe(400);
    await api(student, 'POST', '/api/v1/courses/join', { invite_code: course.invite_code });
    await api(otherTeacher, 'POST', '/api/v1/courses/join', { invite_code: course.invite_code });
    const lower = await api(teacher, 'PUT', `/api/v1/courses/${course.id}`, { max_students: 1 });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().error.message).toContain('below the 2 enrolled');
    expect((await api(teacher, 'PUT', `/api/v1/courses/${course.id}`, { max_students: 2 })).statusCode).toBe(
      200,
    );
  });
});
