import { describe, expect, test } from 'bun:test'
import { businessFacts, chooseFacts, searchBusinessFacts, splitFaqs } from '../../src/features/answers/business-facts'
import { SECTION_TITLES } from '../../src/features/answers/texts'

describe('splitFaqs', () => {
  test('splits on question lines, Q: markers and blank lines', () => {
    expect(splitFaqs('Do you deliver?\nYes, within 10 km.\nDo you cater?\nNo.')).toEqual(['Do you deliver?\nYes, within 10 km.', 'Do you cater?\nNo.'])
    expect(splitFaqs('Q: Parking?\nA: Behind the shop.\nQ: Dogs?\nA: Welcome.')).toEqual(['Q: Parking?\nA: Behind the shop.', 'Q: Dogs?\nA: Welcome.'])
    expect(splitFaqs('We bake daily.\n\nWe close in August.')).toEqual(['We bake daily.', 'We close in August.'])
    expect(splitFaqs('')).toEqual([])
  })
})

describe('searchBusinessFacts and chooseFacts', () => {
  const facts = businessFacts({
    name: 'Harbour Bakery',
    industry: 'Bakery',
    website: 'https://bakery.example',
    settings: {
      currency: 'EUR',
      pricing_plans: [
        { 'Product/Service Name': 'Rye loaf', 'Product/Service Description': '', 'Price excluding VAT': '3', 'Price including VAT': '3.6' },
        { 'Product/Service Name': 'Birthday cake', 'Product/Service Description': 'Chocolate', 'Price excluding VAT': '1200', 'Price including VAT': '1440' },
        { 'Product/Service Name': 'Wedding cake', 'Product/Service Description': 'Three tiers', 'Price excluding VAT': '900', 'Price including VAT': '1080' },
      ],
      operating_hours: 'Daily 7-19',
      contact_information: 'hello@bakery.example',
      delivery_fees: 'Free within 10 km, 5 EUR beyond.',
      faqs: 'Do you sell gluten-free bread?\nOn Tuesdays.',
    },
  })
  const answer = (question: string) => chooseFacts(searchBusinessFacts(facts, question))

  test('a named product is quoted alone, its amounts formatted', () => {
    const found = answer('how much is the birthday cake')
    expect(found.map((f) => f.text)).toEqual(['- **Birthday cake** (Chocolate): 1,200.00 EUR excluding VAT, 1,440.00 EUR including VAT'])
    expect(found[0].coverage).toBe(1)
  })

  test('a word two items share quotes both; a general price question the whole list', () => {
    expect(answer('what do your cakes cost?').map((f) => f.text.split('**')[1])).toEqual(['Birthday cake', 'Wedding cake'])
    expect(answer('what are your prices?')).toHaveLength(3)
  })

  test('topic words find the section that answers, never the price list', () => {
    expect(answer('when do you open?').map((f) => f.title)).toEqual([SECTION_TITLES.hours])
    expect(answer('what is your email address?').map((f) => f.title)).toEqual([SECTION_TITLES.contact])
    expect(answer('do you deliver?').map((f) => f.title)).toEqual([SECTION_TITLES.delivery])
    expect(answer('gluten free?').map((f) => f.title)).toEqual([SECTION_TITLES.faq])
  })

  test('the words inside addresses and unrelated words find nothing', () => {
    expect(answer('hello')).toEqual([])
    expect(answer('the')).toEqual([])
    expect(answer('do you repair bicycles?')).toEqual([])
  })
})
