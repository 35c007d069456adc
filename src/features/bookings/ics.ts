// RFC 5545 invitation (METHOD:REQUEST, RFC 5546) for a booked appointment.
// Times are written in UTC ("Z" form) so no VTIMEZONE block is needed; every client
// converts them to the reader's zone.

export type Invitation = {
  uid: string
  start: Date
  end: Date
  summary: string
  description: string
  location?: string | null
  organizerEmail: string
  organizerName?: string | null
  attendee: { name: string; email: string }
  /** IANA zone of the calendar; a display hint only (X-WR-TIMEZONE), times stay in UTC. */
  timeZone?: string | null
  now: Date
  /** REQUEST for the invitation, CANCEL when it is called off (same UID, higher sequence). */
  method?: 'REQUEST' | 'CANCEL'
  sequence?: number
}

const CRLF = '\r\n'
const MAX_LINE_OCTETS = 75
const PRODID = '-//Chatbot Service//Appointments//EN'
const utf8 = new TextEncoder()

/** 20261201T140000Z */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
}

/** TEXT value escaping (RFC 5545 §3.3.11); other control characters cannot appear at all. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/\t/g, ' ')
    .replace(/[\u0000-\u001f\u007f]/g, '')
}

/** Parameter values (CN=...) cannot hold DQUOTE or controls; quote them when they hold ,;: */
function paramValue(value: string): string {
  const clean = value.replace(/[\u0000-\u001f\u007f"]/g, '').trim()
  return /[,;:]/.test(clean) ? `"${clean}"` : clean
}

/** mailto: URI with anything that could break the line or the URI removed. */
function mailto(email: string): string {
  return `mailto:${email.replace(/[\u0000-\u0020\u007f"<>]/g, '')}`
}

/**
 * Fold a content line at 75 octets (RFC 5545 §3.1). Continuation lines start with one
 * space, which counts toward their 75. Splits only between code points, so UTF-8
 * sequences stay whole.
 */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let currentOctets = 0
  for (const char of line) {
    const octets = utf8.encode(char).length
    if (currentOctets + octets > MAX_LINE_OCTETS) {
      parts.push(current)
      current = ' '
      currentOctets = 1
    }
    current += char
    currentOctets += octets
  }
  parts.push(current)
  return parts.join(CRLF)
}

export function renderInvitation(a: Invitation): string {
  const cancel = a.method === 'CANCEL'
  const organizerCn = a.organizerName ? `;CN=${paramValue(a.organizerName)}` : ''
  const attendeeCn = a.attendee.name.trim() ? `;CN=${paramValue(a.attendee.name)}` : ''
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${PRODID}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `METHOD:${cancel ? 'CANCEL' : 'REQUEST'}`,
    ...(a.timeZone ? [`X-WR-TIMEZONE:${escapeText(a.timeZone)}`] : []),
    'BEGIN:VEVENT',
    `UID:${escapeText(a.uid)}`,
    `DTSTAMP:${formatUtc(a.now)}`,
    `DTSTART:${formatUtc(a.start)}`,
    `DTEND:${formatUtc(a.end)}`,
    `SEQUENCE:${a.sequence ?? 0}`,
    `STATUS:${cancel ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    `SUMMARY:${escapeText(a.summary)}`,
    `DESCRIPTION:${escapeText(a.description)}`,
    ...(a.location ? [`LOCATION:${escapeText(a.location)}`] : []),
    `ORGANIZER${organizerCn}:${mailto(a.organizerEmail)}`,
    `ATTENDEE${attendeeCn};CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT${cancel ? '' : ';PARTSTAT=NEEDS-ACTION;RSVP=TRUE'}:${mailto(a.attendee.email)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  // The last line also ends with CRLF: every content line is CRLF-terminated.
  return lines.map(foldLine).join(CRLF) + CRLF
}
