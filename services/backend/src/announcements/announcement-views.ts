import type { Announcement } from '@faraday/contracts';
import { downloadPathOf } from '../resources/resource-views.js';
import type { AnnouncementRow } from './announcements.repository.js';

export function toAnnouncementView(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    course_id: row.course_id,
    title: row.title,
    body: row.body,
    // integer columns may arrive as strings from some drivers.
    pinned: Number(row.pinned) === 1,
    attachment:
      row.attachment_id === null
        ? null
        : {
            id: row.attachment_id,
            name: row.attachment_name ?? '',
            file_name: row.attachment_file_name ?? '',
            download_url: downloadPathOf(row.attachment_id),
          },
    author_id: row.created_by,
    author_name: row.author_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
    read: row.read_at !== null,
  };
}
