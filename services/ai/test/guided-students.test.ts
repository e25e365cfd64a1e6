import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAi } from './support/ai-app.js';
import { ask } from './support/ai-app.js';
import { currentInstance, rightAnswer, rightText } from './support/guided-oracle.js';
import { buildTutoringAi, removeDir, type TestClock, tempDir } from './support/tutoring-app.js';

/**
 * The scripted students of eval/guided (issue 34 point 5), asserted: in 12 answers a keyword
 * stuffer, a student who does not know and one who states misconceptions complete no session, on
 * five topics (Laplace and the FDTD numerics among them) in English and Chinese; a student with
 * right answers completes every one. (The eval's correct student computes from the prompt; here the right answers come from the engine.)
 */
const GUIDED = '/v1/chat/guided';
const TURNS = 12;

interface Words {
  topic: string;
  keywords: string;
  misconception: string;
}
interface Students {
  topics: ({ id: string } & Record<'en' | 'zh', Words>)[];
  dont_know: Record<'en' | 'zh', string>;
}

const students = JSON.parse(
  await readFile(new URL('../eval/guided/students.json', import.meta.url), 'utf8'),
) as Students;
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

type Data = {
  session_id: string;
  completed: boolean;
  progress_percentage: number;
  exercise: { kind: string; choices?: { id: string }[] } | null;
};

async function play(topic: string, user: string, answer: (data: Data) => string | Record<string, unknown>) {
  const post = async (payload: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: GUIDED,
      payload: { topic, user_id: user, ...payload },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Data;
  };
  let data = await post({ messages: ask(topic) });
  let used = 0;
  while (!data.completed && used < TURNS) {
    const given = answer(data);
    const typed = typeof given === 'string' ? {} : { answer: given };
    const text = typeof given === 'string' ? given : JSON.stringify(given);
    data = await post({ session_id: data.session_id, messages: ask(text), ...typed });
    used++;
  }
  return { ...data, used };
}

// One test per topic and language: each plays five students, so each has its own time budget.
const cases = students.topics.flatMap((topic) => (['en', 'zh'] as const).map((lang) => ({ topic, lang })));

describe('scripted students on five topics, English and Chinese', () => {
  it.each(cases)(
    'only the student with right answers completes $topic.id ($lang) in 12 answers',
    async ({ topic, lang }) => {
      const words = topic[lang];
      const user = (who: string) => `${who}-${topic.id}-${lang}`;
      const stuffer = await play(words.topic, user('keywords'), () => words.keywords);
      const unsure = await play(words.topic, user('dont-know'), () => students.dont_know[lang]);
      const wrong = await play(words.topic, user('misconception'), (data) =>
        // A wrong choice when there are choices (the first that is not right), else the belief.
        data.exercise?.kind === 'choice'
          ? { kind: 'choice', choice: data.exercise.choices!.find((c) => c.id !== rightChoice(data))!.id }
          : words.misconception,
      );
      for (const result of [stuffer, unsure, wrong]) {
        expect(result, `${words.topic}`).toMatchObject({
          completed: false,
          progress_percentage: 0,
          used: TURNS,
        });
      }
      const typedRight = await play(words.topic, user('typed'), (data) =>
        rightAnswer(currentInstance(dir, data.session_id)),
      );
      const chattedRight = await play(words.topic, user('chat'), (data) =>
        rightText(currentInstance(dir, data.session_id)),
      );
      for (const result of [typedRight, chattedRight]) {
        expect(result, `${words.topic}`).toMatchObject({ completed: true, progress_percentage: 100 });
        expect(result.used).toBeLessThanOrEqual(TURNS);
      }
    },
  );
});

function rightChoice(data: Data): string {
  const answer = rightAnswer(currentInstance(dir, data.session_id));
  return answer.kind === 'choice' ? answer.choice : '';
}
