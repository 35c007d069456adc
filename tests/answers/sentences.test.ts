// A reply quotes whole sentences: a sentence ends at a sentence end, not at the dots of host
// names, file globs, version numbers, abbreviations or decimals (contract section 8).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sentencesOf } from '../../src/lib/sentences'
import { startTestApp, subscribedToken, type TestApp } from '../support/app'
import { addPdf, ask, DOCS_HELPER } from './support'
import { createChatbot } from '../support/chatbots'

const HOST = 'The packaging repositories are hosted on salsa.debian.org and mirrored every night.'
const GLOB = 'Upstream release tarballs matching *.tar.gz are verified against their signatures.'
const VERSION = 'Version 0.21 of the importer added support for compressed changelogs.'
const ABBREVIATION = 'Mr. Jansen maintains the importer, e.g. he reviews every merge request himself.'
const DECIMAL = 'The build farm charges 3.50 euros per build hour for private projects.'

describe('sentence boundaries', () => {
  test('sbd keeps names, globs, versions, abbreviations and decimals inside their sentences', () => {
    const text = [HOST, GLOB, VERSION, ABBREVIATION, DECIMAL, 'Settings live in ~/.npmrc and .gitignore files.'].join(' ')
    expect(sentencesOf(text)).toEqual([HOST, GLOB, VERSION, ABBREVIATION, DECIMAL, 'Settings live in ~/.npmrc and .gitignore files.'])
  })

  test('a section\'s number stays with its title, and a mark inside a name (apt\'s "?automatic" pattern) ends no sentence', () => {
    expect(sentencesOf('6.2.1. Initialization')).toEqual(['6.2.1. Initialization'])
    const pattern = 'For example, apt list ?automatic lists every package installed automatically.'
    expect(sentencesOf(`${pattern} Another sentence follows it.`)).toEqual([pattern, 'Another sentence follows it.'])
  })

  describe('over HTTP', () => {
    let app: TestApp
    let id: string

    beforeAll(async () => {
      app = await startTestApp()
      const token = await subscribedToken(app, 'sentences@answers.example')
      id = (await createChatbot(app, token, 'knowledge', DOCS_HELPER)).id
      const filler = (topic: string) => `This paragraph is about ${topic} and has nothing to do with the questions asked here.`
      await addPdf(app, token, id, 'Importer handbook', [
        [filler('gardening'), HOST, GLOB, filler('the weather')],
        [VERSION, filler('cooking'), ABBREVIATION, DECIMAL],
      ])
    })
    afterAll(() => app.stop())

    test.each([
      ['Where are the packaging repositories hosted?', HOST],
      ['Which upstream release tarballs are verified?', GLOB],
      ['What did version 0.21 of the importer add?', VERSION],
      ['Who maintains the importer?', ABBREVIATION],
      ['How much does the build farm charge for private projects?', DECIMAL],
    ])('%s', async (question, sentence) => {
      const answer = await ask(app, id, question)
      expect(answer.answered).toBe(true)
      // The reply leads with the answering sentence, whole.
      expect(answer.reply.slice(0, sentence.length)).toBe(sentence)
      expect(answer.sources).toEqual([{ title: 'Importer handbook', url: null, snippet: expect.stringContaining(sentence) }])
    })
  })
})
