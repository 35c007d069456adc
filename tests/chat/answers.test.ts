import { describe, expect, test } from 'bun:test'
import { ANSWER_REASONS, checkAnswer, wrongUploadReason, type AnswerType } from '../../src/features/forms/answer-check.ts'

const UUID = '0190f3a2-7c4e-7b1a-9d2e-3f4a5b6c7d8e'

describe('checkAnswer accepts', () => {
  test.each<[AnswerType, string, string | number | boolean]>([
    ['text', 'Jane Doe', 'Jane Doe'],
    ['text', '  padded  ', 'padded'],
    ['text', 'x'.repeat(4000), 'x'.repeat(4000)],
    ['number', '42', 42],
    ['number', '-3.5', -3.5],
    ['number', '+7', 7],
    ['number', '.5', 0.5],
    ['number', ' 0 ', 0],
    ['number', '1,234.5', 1234.5],
    ['number', '1,000,000', 1000000],
    ['boolean', 'yes', true],
    ['boolean', 'YES', true],
    ['boolean', 'y', true],
    ['boolean', 'True', true],
    ['boolean', ' Yes. ', true],
    ['boolean', 'no', false],
    ['boolean', 'N', false],
    ['boolean', 'FALSE', false],
    ['boolean', 'no!', false],
    ['image', UUID, UUID],
    ['image', `  ${UUID}\n`, UUID],
    ['pdf_document', 'V1StGXR8_Z5jdHi6B-myT', 'V1StGXR8_Z5jdHi6B-myT'],
  ])('%s %p as %p', (type, message, value) => {
    expect(checkAnswer(type, message)).toEqual({ ok: true, value })
  })
})

describe('checkAnswer re-asks', () => {
  test.each<[AnswerType, string, string]>([
    ['text', '', ANSWER_REASONS.textEmpty],
    ['text', ' \n\t ', ANSWER_REASONS.textEmpty],
    ['text', 'x'.repeat(4001), ANSWER_REASONS.textTooLong],
    ['number', '12abc', ANSWER_REASONS.number],
    ['number', '', ANSWER_REASONS.number],
    ['number', '-', ANSWER_REASONS.number],
    ['number', '.', ANSWER_REASONS.number],
    ['number', '1e3', ANSWER_REASONS.number],
    ['number', '3,5', ANSWER_REASONS.number],
    ['number', '1,23,4', ANSWER_REASONS.number],
    ['number', '1.2.3', ANSWER_REASONS.number],
    ['number', 'Infinity', ANSWER_REASONS.number],
    ['number', 'NaN', ANSWER_REASONS.number],
    ['number', '0x10', ANSWER_REASONS.number],
    ['number', 'forty-two', ANSWER_REASONS.number],
    ['number', '1'.repeat(400), ANSWER_REASONS.number], // parses to Infinity
    ['boolean', 'maybe', ANSWER_REASONS.boolean],
    ['boolean', 'yess', ANSWER_REASONS.boolean],
    ['boolean', '1', ANSWER_REASONS.boolean],
    ['boolean', '', ANSWER_REASONS.boolean],
    ['image', 'here is my photo', ANSWER_REASONS.image],
    ['image', 'short', ANSWER_REASONS.image],
    ['image', '../../etc/passwd', ANSWER_REASONS.image],
    ['pdf_document', '', ANSWER_REASONS.pdf_document],
    ['pdf_document', `${UUID} ${UUID}`, ANSWER_REASONS.pdf_document],
  ])('%s %p', (type, message, reason) => {
    expect(checkAnswer(type, message)).toEqual({ ok: false, reason })
  })

  test('every reason is a friendly sentence', () => {
    for (const reason of Object.values(ANSWER_REASONS)) expect(reason).toMatch(/^Please .+\.$/)
    expect(ANSWER_REASONS.number).toContain('for example 42')
  })

  test('an upload of the wrong kind gets the reason of the question it failed', () => {
    expect(wrongUploadReason('image')).toBe(ANSWER_REASONS.image)
    expect(wrongUploadReason('pdf_document')).toBe(ANSWER_REASONS.pdf_document)
  })
})
