import type { enCalendar } from './en-calendar';
import type { Strings } from './zh';

/** 日历页及其订阅链接的中文文本。 */
export const zhCalendar: Strings<typeof enCalendar> = {
  title: '日历',
  view: '视图',
  month: '月',
  list: '列表',
  previous: '上个月',
  next: '下个月',
  today: '今天',
  dueAt: '{{time}} 截止',
  dueCount_zero: '无截止事项',
  dueCount_one: '{{count}} 项截止',
  dueCount_other: '{{count}} 项截止',
  more: '还有 {{count}} 项',
  nothingThatDay: '这一天没有截止的作业。',
  nothingThisMonth: '本月没有截止的作业。',
  feed: {
    title: '在日历应用中订阅',
    intro:
      '私人订阅链接可将这些截止日期加入 Google 日历、Outlook 或 Apple 日历，截止日期变更时也会随之更新。',
    google: 'Google 日历：其他日历 → + → 通过网址添加，然后粘贴链接。',
    outlook: 'Outlook：添加日历 → 从 Web 订阅，然后粘贴链接。',
    apple: 'Apple 日历：文件 → 新建日历订阅，然后粘贴链接。',
    private: '任何拿到该链接的人都能看到你的截止日期。日历应用会按自己的周期刷新，通常每隔几小时一次。',
    none: '你还没有订阅链接。',
    exists: '你的订阅链接创建于 {{date}}。为安全起见它只显示一次；如需再次获取，请生成新链接。',
    copyNow: '请立即复制此链接：它只显示这一次。',
    url: '订阅链接',
    create: '创建订阅链接',
    rotate: '生成新链接',
    revoke: '关闭订阅',
    rotateTitle: '生成新的订阅链接？',
    rotateQuestion: '当前链接将失效：已订阅的日历需要改用新链接。',
    revokeTitle: '关闭订阅？',
    revokeQuestion: '链接将失效，已订阅的日历将不再收到你的截止日期。',
    revoked: '日历订阅已关闭。',
  },
};
