import { expect } from 'vitest';
import type { Who, World } from './assignments-fixtures.js';

/** Shared by the notification tests: the caller's list, waited for until the dispatcher has run. */
export interface NotificationBody {
  id: string;
  kind: string;
  course_id: string;
  course_name: string;
  subject_title: string;
  change: string | null;
  due_date: string | null;
  link: string;
  read: boolean;
}

export async function notificationsOf(w: World, who: Who) {
  const res = await w.api(who, 'GET', '/api/v1/me/notifications?limit=100');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { notifications: NotificationBody[]; total: number; unread_count: number };
}

/** Polls until `check` passes (the dispatcher runs every 100 ms in these tests) or 10 s pass. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Waits until the outbox is empty: every queued event has been fanned out. */
export async function drained(w: World): Promise<void> {
  await eventually(async () => {
    const row = await w.t.app.db
      .selectFrom('notification_events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('dispatched_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(0);
  });
}
