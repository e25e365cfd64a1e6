import {
  type Resource,
  type ResourceCategory,
  type ResourceType,
  resourceCategories,
  resourceCategoryNames,
} from '@faraday/contracts';
import type { ResourceRow } from './resources.repository.js';

export function downloadPathOf(resourceId: string): string {
  return `/api/v1/resources/${resourceId}/download`;
}

export function toResourceView(row: ResourceRow): Resource {
  return {
    id: row.id,
    name: row.name,
    type: row.type as ResourceType,
    // bigint and integer columns arrive as strings from some drivers.
    size: Number(row.size),
    category: row.category as ResourceCategory,
    chapter: row.chapter === null ? null : Number(row.chapter),
    description: row.description,
    file_name: row.file_name,
    content_type: row.content_type,
    uploaded_by: row.uploaded_by,
    uploaded_by_name: row.uploaded_by_name,
    uploaded_at: row.uploaded_at,
    download_url: downloadPathOf(row.id),
  };
}

/** The list's `categories`: all three, always, in a fixed order. */
export const categoryList = resourceCategories.map((key) => ({ key, name: resourceCategoryNames[key] }));
