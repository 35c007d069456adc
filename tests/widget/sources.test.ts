// The widget lists each source of a reply once, whatever the answer repeats.
import { expect, test } from 'bun:test'
import { distinctSources } from '../../src/features/widget/client/views/chat'

test('the same document, link or section is listed once, in the order given', () => {
  const manual = { title: 'Lighthouse Manual', url: 'https://files.example/manual.pdf', snippet: 'Chapter one' }
  const sources = [
    manual,
    { title: 'Opening hours', url: null, snippet: 'Mon-Fri 9-17' },
    { ...manual, snippet: 'Chapter two' },
    { title: 'lighthouse manual ', url: 'https://files.example/manual.pdf', snippet: 'Chapter three' },
    { title: 'Opening hours', url: null, snippet: 'Sat 9-12' },
    { title: 'Lighthouse Manual', url: 'https://files.example/other.pdf', snippet: 'A second edition' },
    { title: ' ', url: null, snippet: 'nothing to show' },
  ]
  expect(distinctSources(sources).map((s) => [s.title, s.url, s.snippet])).toEqual([
    ['Lighthouse Manual', 'https://files.example/manual.pdf', 'Chapter one'],
    ['Opening hours', null, 'Mon-Fri 9-17'],
    ['Lighthouse Manual', 'https://files.example/other.pdf', 'A second edition'],
  ])
})
