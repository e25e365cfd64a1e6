import i18n from 'i18next';

/** Dates in the user's language and time zone. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** "due in 3 days", "overdue by 2 hours", in the user's language. */
export function relativeDue(iso: string, now: number = Date.now()): { text: string; overdue: boolean } {
  const diff = new Date(iso).getTime() - now;
  const rtf = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  const abs = Math.abs(diff);
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    abs >= 86_400_000
      ? [Math.round(diff / 86_400_000), 'day']
      : abs >= 3_600_000
        ? [Math.round(diff / 3_600_000), 'hour']
        : [Math.round(diff / 60_000), 'minute'];
  return { text: rtf.format(value, unit), overdue: diff < 0 };
}

/** "in 14 minutes", "in 30 seconds": when a refused action may be tried again (Retry-After). */
export function retryWhen(seconds: number): string {
  const rtf = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'always' });
  return seconds < 90
    ? rtf.format(Math.ceil(seconds), 'second')
    : rtf.format(Math.ceil(seconds / 60), 'minute');
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/** Saves a downloaded file under its own name with the browser's download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
