/** The conversations feature's texts: contract section 10 word for word, then where it is silent. */

// Contract section 10.
export const FEEDBACK_THANKS = 'Thank you.'
export const MESSAGE_NOT_FOUND = 'Message not found.'
export const CONVERSATION_NOT_FOUND = 'Conversation not found.'

// Where the contract is silent (the 400 answers name their field).
export const LIMIT_INVALID = 'must be a whole number from 1 to 200'
export const BEFORE_INVALID = 'must be an ISO 8601 date and time, like 2026-11-24T09:00:00Z'
export const STARTING_AFTER_UNKNOWN = "is not a session_id of this chatbot's conversations"
