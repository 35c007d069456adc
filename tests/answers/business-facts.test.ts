import { describe, expect, test } from 'bun:test'
import { businessFacts, searchBusinessFacts, splitFaqs, stem } from '../../src/features/answers/business-facts'
import { relevantSentences } from '../../src/features/answers/extractive-answer'

describe('splitFaqs', () => {
  test('splits on question lines, Q: markers and blank lines', () => {
    expect(splitFaqs('Do you deliver?\nYes, within 10 km.\nDo you cater?\nNo.')).toEqual(['Do you deliver?\nYes, within 10 km.', 'Do you cater?\nNo.'])
    expect(splitFaqs('Q: Parking?\nA: Behind the shop.\nQ: Dogs?\nA: Welcome.')).toEqual(['Q: Parking?\nA: Behind the shop.', 'Q: Dogs?\nA: Welcome.'])
    expect(splitFaqs('We bake daily.\n\nWe close in August.')).toEqual(['We bake daily.', 'We close in August.'])
    expect(splitFaqs('')).toEqual([])
  })
})

test('stem brings plurals and -ing forms together', () => {
  expect(['prices', 'opening', 'bakeries', 'boxes', 'class'].map(stem)).toEqual(['price', 'open', 'bakery', 'box', 'class'])
})

describe('searchBusinessFacts', () => {
  const facts = businessFacts({
    name: 'Harbour Bakery',
    industry: 'Bakery',
    website: 'https://bakery.example',
    settings: {
      pricing_plans: [
        { 'Product/Service Name': 'Rye loaf', 'Product/Service Description': '', 'Price excluding VAT': '3', 'Price including VAT': '3.6' },
        { 'Product/Service Name': 'Birthday cake', 'Product/Service Description': 'Chocolate', 'Price excluding VAT': '30', 'Price including VAT': '36' },
      ],
      operating_hours: 'Daily 7-19',
      contact_information: 'hello@bakery.example',
      faqs: 'Do you sell gluten-free bread?\nOn Tuesdays.',
    },
  })

  test('a named product beats the rest of the price list', () => {
    const found = searchBusinessFacts(facts, 'how much is the birthday cake')
    expect(found[0].text).toContain('Birthday cake')
    expect(found[0].score).toBeGreaterThan(found[1]?.score ?? 0)
  })

  test('topic words find facts that do not contain them', () => {
    expect(searchBusinessFacts(facts, 'when do you open?')[0].title).toBe('Opening hours')
    expect(searchBusinessFacts(facts, 'what is your email address?')[0].title).toBe('Contact information')
    expect(searchBusinessFacts(facts, 'gluten free?')[0].title).toBe('FAQ')
  })

  test('greetings and the words inside addresses find nothing', () => {
    expect(searchBusinessFacts(facts, 'hello!')).toEqual([])
    expect(searchBusinessFacts(facts, 'the')).toEqual([])
  })
})

test('relevantSentences keeps the sentences that share the most terms, in order', () => {
  const text = 'We open at seven. Our rye uses caraway. The rye starter is three days old. Parking is free.'
  expect(relevantSentences(text, 'rye starter')).toBe('Our rye uses caraway. The rye starter is three days old.')
  expect(relevantSentences(text, 'bicycles')).toBeNull()
})
