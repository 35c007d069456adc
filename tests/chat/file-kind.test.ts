import { describe, expect, test } from 'bun:test'
import { isImageMime, sniffUpload, uploadKindOf, type SniffedMime } from '../../src/lib/file-kind.ts'
import { TINY_GIF, TINY_WEBP, tinyJpeg, tinyPng } from './tiny-images.ts'

const ascii = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'))

describe('sniffUpload', () => {
  test.each<[string, Uint8Array, SniffedMime | null]>([
    ['a PNG', tinyPng(), 'image/png'],
    ['a JPEG', tinyJpeg(), 'image/jpeg'],
    ['a JPEG with an EXIF header', new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 0x10]), 'image/jpeg'],
    ['a GIF89a', TINY_GIF, 'image/gif'],
    ['a GIF87a', ascii('GIF87a\x01\x00\x01\x00'), 'image/gif'],
    ['a WebP', TINY_WEBP, 'image/webp'],
    ['a PDF', ascii('%PDF-1.7\n%âãÏÓ\n'), 'application/pdf'],
    ['nothing', new Uint8Array(), null],
    ['a truncated PNG signature', tinyPng().slice(0, 7), null],
    ['two JPEG bytes', new Uint8Array([0xff, 0xd8]), null],
    ['a WAV (RIFF but not WEBP)', ascii('RIFF\x24\x00\x00\x00WAVEfmt '), null],
    ['RIFF cut short', ascii('RIFF\x24\x00\x00\x00WEB'), null],
    ['"%PDF" without the dash', ascii('%PDF1.7'), null],
    ['a PDF after a leading space', ascii(' %PDF-1.7'), null],
    ['GIF with a wrong version', ascii('GIF90a'), null],
    ['plain text', ascii('hello, world'), null],
    ['an SVG', ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['HTML', ascii('<!DOCTYPE html><html>'), null],
  ])('%s', (_label, bytes, expected) => {
    expect(sniffUpload(bytes)).toBe(expected)
  })
})

describe('uploadKindOf and isImageMime', () => {
  test.each<[SniffedMime, 'image' | 'pdf_document', boolean]>([
    ['image/png', 'image', true],
    ['image/jpeg', 'image', true],
    ['image/gif', 'image', true],
    ['image/webp', 'image', true],
    ['application/pdf', 'pdf_document', false],
  ])('%s is answered as %s', (mime, kind, image) => {
    expect(uploadKindOf(mime)).toBe(kind)
    expect(isImageMime(mime)).toBe(image)
  })

  test('nothing is not an image', () => {
    expect(isImageMime(null)).toBe(false)
  })
})
