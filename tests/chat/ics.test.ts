import { describe, expect, test } from 'bun:test'
import { escapeText, foldLine, renderInvitation, type Invitation } from '../../src/features/bookings/ics.ts'

const octets = (s: string) => new TextEncoder().encode(s).length

function invitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    uid: 'appt-4b1e@chatbot.example',
    start: new Date('2026-12-01T14:00:00Z'),
    end: new Date('2026-12-01T14:30:00Z'),
    summary: 'Consultation, 30 min; with Acme',
    description: 'Bring: passport\\ID, proof of address; questions.\nSecond line\r\nThird line',
    location: 'Room 4, 1 Main St; Springfield',
    organizerEmail: 'calendar@acme.example',
    attendee: { name: 'Doe, Jane', email: 'jane@example.com' },
    timeZone: 'America/New_York',
    now: new Date('2026-11-20T08:15:30.123Z'),
    ...overrides,
  }
}

/** Undo line folding (RFC 5545 §3.1) and split into content lines. */
function contentLines(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .slice(0, -1)
}

function property(ics: string, name: string): string[] {
  return contentLines(ics).filter((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))
}

describe('renderInvitation', () => {
  const ics = renderInvitation(invitation())

  test('uses CRLF everywhere and ends with one', () => {
    expect(ics.endsWith('\r\n')).toBe(true)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  })

  test('is a VCALENDAR request holding exactly one VEVENT', () => {
    const lines = contentLines(ics)
    expect(lines[0]).toBe('BEGIN:VCALENDAR')
    expect(lines.at(-1)).toBe('END:VCALENDAR')
    expect(lines).toContain('VERSION:2.0')
    expect(lines).toContain('METHOD:REQUEST')
    expect(property(ics, 'PRODID')).toHaveLength(1)
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1)
    expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(1)
    expect(lines.indexOf('BEGIN:VEVENT')).toBeLessThan(lines.indexOf('END:VEVENT'))
  })

  test('writes UID, DTSTAMP and times in UTC', () => {
    const lines = contentLines(ics)
    expect(lines).toContain('UID:appt-4b1e@chatbot.example')
    expect(lines).toContain('DTSTAMP:20261120T081530Z')
    expect(lines).toContain('DTSTART:20261201T140000Z')
    expect(lines).toContain('DTEND:20261201T143000Z')
    expect(lines).toContain('X-WR-TIMEZONE:America/New_York')
  })

  test('escapes backslashes, semicolons, commas and newlines in text', () => {
    const lines = contentLines(ics)
    expect(lines).toContain('SUMMARY:Consultation\\, 30 min\\; with Acme')
    expect(lines).toContain('DESCRIPTION:Bring: passport\\\\ID\\, proof of address\\; questions.\\nSecond line\\nThird line')
    expect(lines).toContain('LOCATION:Room 4\\, 1 Main St\\; Springfield')
  })

  test('names organizer and attendee as mailto URIs, asking the attendee to reply', () => {
    expect(property(ics, 'ORGANIZER')).toEqual(['ORGANIZER:mailto:calendar@acme.example'])
    const [attendee] = property(ics, 'ATTENDEE')
    expect(attendee).toStartWith('ATTENDEE;CN="Doe, Jane";')
    expect(attendee).toContain(';RSVP=TRUE')
    expect(attendee).toEndWith(':mailto:jane@example.com')
  })

  test('leaves out LOCATION when there is none', () => {
    expect(property(renderInvitation(invitation({ location: null })), 'LOCATION')).toEqual([])
  })

  test('keeps injected line breaks out of properties and parameters', () => {
    const text = renderInvitation(invitation({ summary: 'Hi\r\nATTENDEE:mailto:evil@example.com', attendee: { name: 'Eve\r\nX', email: 'eve@example.com\r\nX-EVIL:1' } }))
    expect(property(text, 'ATTENDEE')).toHaveLength(1)
    expect(property(text, 'X-EVIL')).toEqual([])
  })

  test('folds long lines at 75 octets without splitting UTF-8 characters', () => {
    const description = `${'Long text with ümlauts, emoji 🎉 and 漢字; '.repeat(20)}end`
    const text = renderInvitation(invitation({ description }))
    const physical = text.split('\r\n').slice(0, -1)
    expect(physical.some((l) => l.startsWith(' '))).toBe(true)
    for (const line of physical) {
      expect(octets(line)).toBeLessThanOrEqual(75)
    }
    // Each physical line is valid UTF-8 on its own: no character was cut in half.
    const bytes = new TextEncoder().encode(text)
    let start = 0
    for (let i = 0; i < bytes.length - 1; i++) {
      if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
        expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes.slice(start, i))).not.toThrow()
        start = i + 2
      }
    }
    expect(property(text, 'DESCRIPTION')).toEqual([`DESCRIPTION:${escapeText(description)}`])
  })
})

describe('foldLine', () => {
  test.each([
    ['a'.repeat(75), ['a'.repeat(75)]],
    ['a'.repeat(76), ['a'.repeat(75), ' a']],
    ['a'.repeat(74) + 'é', ['a'.repeat(74), ' é']],
    ['a'.repeat(73) + 'é', ['a'.repeat(73) + 'é']],
    ['a'.repeat(74) + '🎉', ['a'.repeat(74), ' 🎉']],
  ])('folds %#', (line, expected) => {
    expect(foldLine(line).split('\r\n')).toEqual(expected)
  })
})

describe('escapeText', () => {
  test.each([
    ['a,b', 'a\\,b'],
    ['a;b', 'a\\;b'],
    ['a\\b', 'a\\\\b'],
    ['a\nb', 'a\\nb'],
    ['a\r\nb', 'a\\nb'],
    ['a\tb\u0007', 'a b'],
    ['plain: colon', 'plain: colon'],
  ])('%p -> %p', (input, expected) => {
    expect(escapeText(input)).toBe(expected)
  })
})
