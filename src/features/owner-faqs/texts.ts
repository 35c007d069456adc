/** Contract 15: answers the owner writes. */
export const FAQ_DELETED = 'FAQ deleted successfully.'
export const faqNotFound = (faqId: string) => `FAQ with ID: ${faqId} not found.`
export const tooManyFaqs = (max: number) => `A chatbot holds at most ${max} answers of its owner; delete one first.`
