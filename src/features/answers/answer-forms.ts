// What a question's form expects of the sentence that answers it (its expected answer type), and
// what some forms require of a passage before it may answer at all (a price question a price).
import { escapeRegExp } from './cues'

/** What a question's form expects of the sentence that answers it. */
export interface ExpectedAnswer {
  pattern: RegExp
  /**
   * A number in the units of the dimension the question names ("-80 °C" for "at what
   * temperature"): telling on its own, where any number or option is common enough that a
   * sentence must also hold a word of the question to count.
   */
  measure: boolean
  /** The kind is rare in prose (a measure, a default): a sentence of it is worth a word of the question. */
  telling: boolean
  /** What a passage must hold to answer at all (REQUIRED), or null. */
  required: RegExp | null
}

/** A number that measures something: not a label's number ("Figure 1", "Section 4") nor a citation ("(13)"). */
const QUANTITY = /(?<![\p{L}\p{N}([])(?<!(?:figure|fig\.|table|section|chapter|page|line|step|appendix|item|note)\s+)\p{N}(?![\p{N}]*[)\]])/iu
const DATE_OR_TIME =
  /\b(?:1[5-9]\d\d|20\d\d)\b|\b\d{1,2}[:.]\d\d\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|daily|weekly|monthly|yearly|hourly|every \w+)\b|\b\d+\s*(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b/iu
/**
 * A command line or an option: a shell prompt, "--option" or "-x", a <placeholder>, or a
 * code-like name ("user.name", "sources.list", "npm_config"); hyphenated words are left out, as
 * English is full of them ("self-healing").
 */
const COMMAND = /(?:^|\s)[$#%>] \S|(?<![\p{L}\p{N}])--?[\p{L}][\p{L}\p{N}-]*|<[\p{L}\p{N}_-]+>|[\p{L}][\p{L}\p{N}]+[._][\p{L}][\p{L}\p{N}]+/u
const PLACE = /(?:^|[\s("'])(?:~|\.{1,2})?\/[\p{L}\p{N}._-]+|[a-z][a-z0-9+.-]*:\/\/\S+|\b[\p{L}\p{N}-]+\.(?:org|com|net|io|de)\b/iu
/** A file's name as written: "package-lock.json", "sources.list", ".npmrc" (a path or a link is PLACE). */
const FILE_NAME =
  /(?<![\p{L}\p{N}])[\p{L}\p{N}_-]+\.(?:json|ya?ml|toml|ini|conf|cfg|list|txt|md|lock|js|mjs|cjs|ts|py|sh|xml|html?|pdf|zip|tgz|tar|gz|deb|log|db|sqlite|csv)(?![\p{L}\p{N}])|(?<![\p{L}\p{N}.])\.[a-z][\p{L}\p{N}_-]*(?:rc|ignore|config|profile|attributes)(?![\p{L}\p{N}])/iu
const REASON = /\b(?:because|since|so that|in order to|due to|reason|advantage|otherwise|prevents?|avoids?|ensures?|therefore|thus)\b/iu
/**
 * What holds when nothing is chosen: "What does npm start run if there is no start script?" is
 * answered by "… npm will default the start command to node server.js", not by "… otherwise stop
 * and start are both run", which only states another condition.
 */
const DEFAULT_CHOICE = /\b(?:by default|defaults?|default(?:s|ed)? to|usually|falls? back|if (?:none|nothing) is)\b/iu
/** A question about the case where nothing was set or chosen (asked after "how do I …", which asks for a way instead). */
const UNCHOSEN_QUESTION = /\bif\s+(?:there\s+(?:is|are)\s+no|(?:i|you|we|they)\s+(?:never|don't|do not|didn't|did not|haven't|have not))\b|\bwhen no\b/iu
/** A condition and what follows from it: "If there are conflicts, …", "… by default". */
const CONDITION = /\b(?:if|unless|when|whenever|otherwise|in case|by default|defaults? to)\b/iu
/** A question about when a business is open ("What are your opening hours?", "Are you open on Sundays?"). */
const HOURS_QUESTION =
  /\b(?:opening|business|office|working|trading|support)\s+(?:hours|times)\b|\bhours of (?:business|operation)\b|\b(?:what time|when) (?:do|does|are|is|will) (?:you|we|the (?:shop|store|office|business|clinic|salon|restaurant))\s+(?:open|close)\b|\bare you (?:open|closed)\b/iu
/** Opening hours as a reply states them: a clock time, a day of the week ("Mon–Fri", not "the sun"), "24/7". */
const OPENING_TIMES =
  /\b\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)|\b\d{1,2}[:.]\d\d\b|\b(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekdays?|weekends?|public holidays?)\b|\b(?:mon|tue|tues|wed|thu|thurs|fri|sat|sun)\b(?=\s*[-–/]\s*(?:mon|tue|wed|thu|fri|sat|sun)\b|\s*:?\s*\d)|\b24\/7\b|\baround the clock\b/iu
/** A question asking for a number to call ("What is the phone number of your support line?"). */
const PHONE_QUESTION = /\b(?:(?:tele)?phone|fax|mobile|contact)\s+number\b|\bhotline\b|\bnumber to call\b|\b(?:call|phone|ring) (?:you|us)\b/iu
/** A phone number as written: groups of digits, at least seven in all ("+44 20 7946 0958", "(555) 010-4477"). */
const PHONE_NUMBER = /(?<![\p{L}\p{N}.])[+(]?(?:\d[\s./()-]{0,2}){7,}/u
/** A question about where the business is ("Where is your office located?", "What is your address?"); not an e-mail address. */
const ADDRESS_QUESTION =
  /\bwhere (?:is|are) (?:your|the) (?:office|offices|shop|store|studio|clinic|restaurant|bakery|salon|business|headquarters|premises)\b|\bwhere are you (?:located|based)\b|\byour (?:postal |street |office |shop |business )?address\b/iu
/** A postal address as written: a number and a street ("221B Baker Street", "Hauptstraße 5"), a PO box, a UK postcode. */
const POSTAL_ADDRESS =
  /\b\d{1,5}[A-Za-z]?,?\s+(?:[A-Z][\p{L}'’-]*\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Boulevard|Blvd|Drive|Dr|Way|Square|Sq|Place|Pl|Court|Ct|Terrace|Parkway|Pkwy|Highway|Hwy)\b|[A-Z][\p{L}]*(?:straße|strasse|gasse|weg|platz)\s+\d|\bP\.?\s?O\.?\s+Box\b|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/u
const ACRONYM_QUESTION = /\b(?:[Ww]hat|[Ww]hich)\s+(?:does|do|is|are)\s+(?:an?\s+|the\s+)?([\p{Lu}][\p{Lu}\p{N}]{1,7})\b(?:\s+(?:stand|mean|short)\b|\s*\??\s*$)/u

/** A number in figures or words, as a measure starts. */
const AMOUNT = String.raw`(?:(?<![\p{L}\p{N}])\p{N}[\p{N}.,]*|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|hundred|thousand|a few|several|a couple of)\b)`
const TIME_UNITS = 'ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?|years?'
const LENGTH_UNITS = 'nm|mm|cm|m|km|inch(?:es)?|ft|feet|foot|yards?|miles?|met(?:er|re)s?|kilomet(?:er|re)s?'
const SIZE_UNITS = 'bytes?|[kKMGT]i?B|[kKMG]|characters?|chars|lines|words|pixels|px|entries|items'
/**
 * A measure of that dimension: a number and its unit ("-80 °C", "40 minutes", "2x", "$5"). Units
 * that are also common words ("in", "free") are left out: a measure counts without a word of the
 * question beside it, so it must be rare in prose.
 */
const measure = (units: string) => new RegExp(`${AMOUNT}\\s*-?\\s*(?:${units})(?![\\p{L}\\p{N}])`, 'iu')
/**
 * A question that names what is measured is answered by a number in that dimension's units, not
 * any number: "At what temperature were the samples stored?" by "-80 °C", not by "540 nm".
 */
const PRICE = /[$€£¥]\s*\p{N}|\p{N}\s*(?:USD|EUR|GBP|dollars?|euros?|pounds?|cents?)\b/iu
/** What a reply to a price question must state: a price, or that there is none to pay. */
const PRICE_OR_NONE = new RegExp(`${PRICE.source}|\\b(?:free of charge|no charge|at no cost|costs? nothing|gratis)\\b`, 'iu')
const DIMENSIONS: [RegExp, RegExp][] = [
  [/\btemperature\b|\bhow (?:hot|cold|warm)\b/iu, new RegExp(`${AMOUNT}\\s*(?:°|degrees?\\b)|°\\s*[CF]\\b`, 'iu')],
  [
    /\bhow much (?:faster|slower|quicker|better|smaller|larger|bigger)\b|\bspeed(?:up)?\b|\bhow (?:fast|slow)\b|\b(?:faster|slower) than\b/iu,
    measure('x|×|times|%|percent|per|/s|mph|km/h|hz|[kmg]hz|ops'),
  ],
  [/\b(?:price|cost|costs|fee|fees|charge)\b|\bhow much (?:does|do|is|are|will)\b.*\b(?:cost|charge|pay)\b/iu, PRICE],
  [/\b(?:percentage|proportion|share|ratio)\b|\bhow many percent\b/iu, measure('%|percent|per cent')],
  [/\bhow old\b|\bat what age\b|\bage\b/iu, measure('years?|months?|yrs?')],
  [/\bhow (?:far|tall|high|wide|deep)\b|\b(?:distance|height|width|depth)\b/iu, measure(LENGTH_UNITS)],
  [/\bhow heavy\b|\bweight\b/iu, measure('mg|g|kg|grams?|kilograms?|lbs?|pounds?|oz|ounces?|tons?|tonnes?')],
  [/\bhow (?:big|large|small)\b|\bsize\b|\bhow much (?:memory|space|disk|storage|ram)\b/iu, measure(`${SIZE_UNITS}|${LENGTH_UNITS}`)],
  [/\bhow long\b/iu, measure(`${TIME_UNITS}|${LENGTH_UNITS}|${SIZE_UNITS}`)],
  [/\bduration\b|\bhow much time\b|\bfor how long\b/iu, measure(TIME_UNITS)],
]

const MEASURES = new Set(DIMENSIONS.map(([, measured]) => measured))
/** Kinds of sentence rare enough to be worth a word of the question. */
const TELLING = new Set([...MEASURES, DEFAULT_CHOICE, OPENING_TIMES])
/**
 * What a passage must hold to answer a question of the form at all, however many of its words it
 * shares: a price question a price (or that none is asked), a question about opening hours a time
 * or a day (not a server manual's "24 hours a day"), one asking for a phone number or a postal
 * address one. Other measures are not required: they often stand bare in a table, their unit in
 * its heading.
 */
const REQUIRED = new Map<RegExp, RegExp>([
  [PRICE, PRICE_OR_NONE],
  [OPENING_TIMES, OPENING_TIMES],
  [PHONE_NUMBER, PHONE_NUMBER],
  [POSTAL_ADDRESS, POSTAL_ADDRESS],
])

/**
 * The kind of sentence a question's form asks for (its expected answer type): "how many / how
 * long / what temperature" is answered by a sentence holding a quantity, "when" by a date or time,
 * "how do I" by a command line or an option, "where" by a path or an address, "why" by a reason,
 * "what does NFS stand for" by the expansion in parentheses, "what happens if" by a condition,
 * "… if there is no X?" by the default, "what are your opening hours" by times or days, a phone
 * number or an address question by one. Such a sentence is likelier the answer than one that only
 * echoes the question's words.
 */
interface AnswerForm {
  asks: RegExp
  answer: RegExp | ((question: string) => RegExp | null)
}

const ANSWER_FORMS: AnswerForm[] = [
  { asks: HOURS_QUESTION, answer: OPENING_TIMES },
  { asks: PHONE_QUESTION, answer: PHONE_NUMBER },
  { asks: ADDRESS_QUESTION, answer: POSTAL_ADDRESS },
  { asks: ACRONYM_QUESTION, answer: (q) => acronymPattern(ACRONYM_QUESTION.exec(q)?.[1]) },
  {
    asks: /\bhow\s+(?:many|much|long|old|far|big|large|small|often|fast|slow|high|low|tall|heavy|deep|wide)\b|\b(?:what|which)\s+(?:is\s+|was\s+|were\s+|are\s+)?(?:the\s+)?(?:number|amount|size|temperature|distance|weight|height|age|length|duration|percentage|proportion|rate|price|cost|speed|limit|maximum|minimum|average|mean|version|port)\b|\bat what (?:temperature|speed|rate|age|size|port)\b/iu,
    answer: (q) => DIMENSIONS.find(([named]) => named.test(q))?.[1] ?? QUANTITY,
  },
  { asks: /^\s*(?:when|what time|what date|what day|how soon|since when|until when)\b/iu, answer: DATE_OR_TIME },
  { asks: /\bhow\s+(?:do|can|could|should|would|shall|to|may)\b|\b(?:what|which)\s+(?:command|option|flag|setting|switch|package)\b/iu, answer: COMMAND },
  { asks: UNCHOSEN_QUESTION, answer: DEFAULT_CHOICE },
  { asks: /^\s*where\b|\b(?:which|what)\s+(?:file|directory|folder|path|url|address|site|server|host|mirror)\b/iu, answer: PLACE },
  { asks: /^\s*why\b|\bwhat\s+for\b|\bwhat is the (?:point|purpose|reason)\b/iu, answer: REASON },
  { asks: /\bwhat happens\b|\bwhat if\b|(?<!^\s*)\b(?:if|unless|in case|when)\b/iu, answer: CONDITION },
]

/** "(NFS)" or "NFS (" — an acronym with its expansion beside it. */
function acronymPattern(acronym: string | undefined): RegExp | null {
  if (!acronym) return null
  return new RegExp(`\\(\\s*${escapeRegExp(acronym)}\\s*\\)|(?<![\\p{L}\\p{N}])${escapeRegExp(acronym)}\\s*\\(`, 'u')
}

/** The pattern an answering sentence of this question's form is likely to match; null when the form says nothing. */
export function answerTypeOf(question: string): ExpectedAnswer | null {
  for (const form of ANSWER_FORMS) {
    if (!form.asks.test(question)) continue
    const pattern = typeof form.answer === 'function' ? form.answer(question) : form.answer
    if (pattern) return { pattern, measure: MEASURES.has(pattern), telling: TELLING.has(pattern), required: REQUIRED.get(pattern) ?? null }
  }
  return null
}

/** "which (config) file …", not "which file extensions": there the noun only qualifies the one asked about. */
function asksFor(nouns: string): RegExp {
  return new RegExp(
    String.raw`\b(?:which|what)\s+(?:[\p{L}-]+\s+)?(${nouns})\b(?!\s+(?:extensions?|names?|types?|formats?|sizes?|systems?|modes?|permissions?|contents?|lines?|paths?)\b)`,
    'iu',
  )
}

/**
 * Nouns whose instances a sentence shows without naming the noun: "Which file must exist before
 * running npm ci?" is answered by "The project must have an existing package-lock.json", which
 * never says "file". The noun follows "which" or "what" (at most one word between: "which config
 * file"), so "What does npm ci do?" asks for no instance.
 */
const INSTANCES: [RegExp, RegExp][] = [
  [asksFor('files?'), FILE_NAME],
  [asksFor('director(?:y|ies)|folders?|paths?'), PLACE],
  [asksFor('commands?|options?|flags?|switch(?:es)?'), COMMAND],
]

/** The noun a question asks an instance of, with what an instance looks like; null when it asks for none. */
export function askedInstanceOf(question: string): { noun: string; instance: RegExp } | null {
  for (const [asks, instance] of INSTANCES) {
    const noun = asks.exec(question)?.[1]
    if (noun) return { noun, instance }
  }
  return null
}
