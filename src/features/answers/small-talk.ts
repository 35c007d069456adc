// Greetings, thanks and goodbyes carry no question: they get a short friendly reply, never a
// search and never the refusal.
import { GOODBYE_REPLY, greetingReply, thanksReply } from './texts'

export type SmallTalk = 'greeting' | 'thanks' | 'goodbye'

const PHRASES: Record<SmallTalk, string[]> = {
  greeting: [
    'hi',
    'hello',
    'hey',
    'hiya',
    'howdy',
    'greetings',
    'good morning',
    'good afternoon',
    'good evening',
    'good day',
    'hi there',
    'hello there',
    'hey there',
    'yo',
    'bonjour',
    'hola',
    'hallo',
    'ciao',
  ],
  thanks: [
    'thanks',
    'thank you',
    'thx',
    'ty',
    'cheers',
    'many thanks',
    'thanks a lot',
    'thank you very much',
    'thanks so much',
    'great thanks',
    'ok thanks',
    'okay thanks',
    'perfect thanks',
    'merci',
    'danke',
    'gracias',
  ],
  goodbye: ['bye', 'goodbye', 'good bye', 'bye bye', 'see you', 'see you later', 'see ya', 'farewell', 'good night', 'take care', 'have a nice day', 'ciao for now'],
}

/** A message of small talk only ("Hi!", "thanks a lot :)", "Bye"), else null; a question is never small talk. */
export function smallTalkOf(message: string): SmallTalk | null {
  const plain = message
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (plain === '' || (message.includes('?') && plain.split(' ').length > 3)) return null
  // Thanks before greetings: "hi, thanks" thanks; a name after a greeting ("hello Anna") is allowed.
  for (const kind of ['thanks', 'goodbye', 'greeting'] as const) {
    for (const phrase of PHRASES[kind]) {
      if (plain === phrase) return kind
      if (plain.startsWith(`${phrase} `) && plain.split(' ').length <= phrase.split(' ').length + 1) return kind
    }
  }
  return null
}

export function smallTalkReply(kind: SmallTalk, instructions: string): string {
  if (kind === 'greeting') return greetingReply(instructions)
  if (kind === 'thanks') return thanksReply(instructions)
  return GOODBYE_REPLY
}
