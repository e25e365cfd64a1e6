/**
 * A small RFC 5545 writer for what the calendar feed publishes: timed events in UTC. Written
 * here rather than taken from a library because the feed needs only VEVENTs with a handful of
 * properties, and the parts that matter (escaping, folding at 75 octets without splitting a
 * UTF-8 character, CRLF) are a few lines; the tests read the output with ical.js.
 */

export interface CalendarEvent {
  /** Globally unique and stable for the life of the event: a client updates the event it matches. */
  uid: string;
  start: Date;
  /** When the event last changed: clients compare it to replace their copy. */
  lastModified: Date;
  summary: string;
  description: string;
  url: string;
}

export interface CalendarDocument {
  name: string;
  description: string;
  /** How often a client should fetch again (RFC 7986 REFRESH-INTERVAL), in minutes. */
  refreshMinutes: number;
  /** The time of this answer (DTSTAMP of a published calendar). */
  now: Date;
  events: readonly CalendarEvent[];
}

const MAX_LINE_OCTETS = 75;

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** UTC DATE-TIME form (RFC 5545 3.3.5): 20261129T033250Z. */
export function utcDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Folds a content line (RFC 5545 3.1): no line longer than 75 octets, continuation lines begin
 * with one space, and a multi-octet UTF-8 character is never cut in two.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // Continuation lines carry the leading space inside their 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(event: CalendarEvent, now: Date): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcDateTime(now)}`,
    `LAST-MODIFIED:${utcDateTime(event.lastModified)}`,
    // A due date is a moment: no DTEND, so the event ends when it starts (RFC 5545 3.6.1).
    `DTSTART:${utcDateTime(event.start)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    // A due date does not make the person busy.
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** The whole iCalendar object, CRLF line ends, ready to send as text/calendar. */
export function writeCalendar(doc: CalendarDocument): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Faraday//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(doc.name)}`,
    `X-WR-CALNAME:${escapeText(doc.name)}`,
    `X-WR-CALDESC:${escapeText(doc.description)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${doc.refreshMinutes}M`,
    `X-PUBLISHED-TTL:PT${doc.refreshMinutes}M`,
    ...doc.events.flatMap((event) => eventLines(event, doc.now)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
