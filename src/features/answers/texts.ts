/** Every text a Knowledge Retrieval or Business Enquiries answer uses, so tests and code share the string. */

// Chat replies (Markdown).
export const NOTHING_FOUND =
  "I could not find that in my material. Please try asking in other words, or contact the business directly."
export const LLM_SYSTEM_PROMPT =
  'You are the assistant of a business website. Answer the visitor only from the numbered passages below. ' +
  'If the passages do not hold the answer, say plainly that you could not find it in your material. ' +
  'Be brief, answer in the language of the question, and use Markdown.'
