/** A visitor's question folded so that case and spacing do not make two questions of one. */
export const questionKey = (text: string): string =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/ (?=[?!.,;:])/g, '')
    .trim()
