// The widget lists each source of a reply once, whatever the answer repeats: the same web address
// or the same title is the same source (documents carry no URL).
import { expect, test } from 'bun:test'
import { distinctSources } from '../../src/features/widget/client/views/chat'

test('the same document, link or section is listed once, by its URL or by its title, in the order given', () => {
  const manual = { title: 'Lighthouse Manual', url: 'https://files.example/manual.pdf', snippet: 'Chapter one' }
  const sources = [
    manual,
    { title: 'Opening hours', url: null, snippet: 'Mon-Fri 9-17' },
    { ...manual, snippet: 'Chapter two' },
    { title: 'lighthouse manual ', url: 'https://files.example/manual.pdf', snippet: 'Chapter three' },
    { title: 'Opening hours', url: null, snippet: 'Sat 9-12' },
    { title: 'Lighthouse Manual', url: 'https://files.example/other.pdf', snippet: 'A second edition' },
    { title: ' ', url: null, snippet: 'nothing to show' },
    { title: 'Guide', url: null, snippet: 'a document' },
    { title: 'guide', url: null, snippet: 'its second passage' },
    { title: 'Manual (mirror)', url: 'https://files.example/manual.pdf', snippet: 'the same page' },
    { title: 'Web guide', url: 'https://docs.example/guide', snippet: 'a page' },
  ]
  expect(distinctSources(sources).map((s) => [s.title, s.url, s.snippet])).toEqual([
    ['Lighthouse Manual', 'https://files.example/manual.pdf', 'Chapter one'],
    ['Opening hours', null, 'Mon-Fri 9-17'],
    ['Guide', null, 'a document'],
    ['Web guide', 'https://docs.example/guide', 'a page'],
  ])
})
