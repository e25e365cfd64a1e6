import type { enNotifications } from './en-notifications';
import type { Strings } from './zh';

/** 通知的中文文案：页头铃铛、通知列表与接收设置。 */
export const zhNotifications: Strings<typeof enNotifications> = {
  title: '通知',
  bell_zero: '通知，无未读',
  bell_one: '通知，{{count}} 条未读',
  bell_other: '通知，{{count}} 条未读',
  listLabel_zero: '通知，无未读',
  listLabel_one: '通知，{{count}} 条未读',
  listLabel_other: '通知，{{count}} 条未读',
  empty: '暂无通知。新作业、成绩、公告和截止提醒会显示在这里。',
  unread: '新',
  markRead: '标为已读',
  markReadOne: '将“{{title}}”标为已读',
  markAllRead: '全部标为已读',
  due: '截止 {{date}}',
  newer: '较新',
  older: '较早',
  kind: {
    assignment: '作业有变更',
    grade: '你的作业已评分',
    announcement: '新公告',
    due_soon: '24 小时内截止，尚未提交',
    resubmission: '有新的提交等待评分',
  },
  change: {
    published: '新作业',
    changed: '作业有变更',
    due_date_changed: '截止时间已更改',
  },
  prefs: {
    title: '通知设置',
    kind: '类型',
    inApp: '站内',
    email: '邮件',
    inAppFor: '{{kind}}：站内',
    emailFor: '{{kind}}：邮件',
    noEmail: '本服务器未配置邮件发送；你的邮件选择会保留，待启用后生效。',
    save: '保存设置',
    saved: '通知设置已保存。',
    kinds: {
      assignment: '新作业或作业变更（含截止时间）',
      grade: '成绩与评语',
      announcement: '公告',
      due_soon: '24 小时内截止且未提交',
      resubmission: '等待评分的重新提交（教师）',
    },
  },
};
