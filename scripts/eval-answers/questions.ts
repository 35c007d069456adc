// Visitor questions over the evaluation corpus (corpus.ts), written by reading the documents as a
// visitor would. `gold`: short strings of the source, one of which a correct reply must contain.
// `paraphrase`: asked in the visitor's own words, sharing at most one content word with
// `evidence`, the source's sentence that answers it (the run checks both claims).
// `unanswerable`: questions the material does not answer; the right reply is the refusal.

export interface AnswerableQuestion {
  question: string
  gold: string[]
  /** The source's own sentence that answers it; given for paraphrased questions. */
  evidence?: string
  paraphrase?: true
}

export const ANSWERABLE: AnswerableQuestion[] = [
  // npm install (npm's manual, HTML)
  { question: 'What are the aliases of npm install?', gold: ['add, i, in'] },
  { question: 'Which file extensions can a local tarball have when I install it?', gold: ['.tar, .tar.gz, or .tgz'] },
  {
    question: 'How do I skip dev-only packages when deploying to a server?',
    gold: ['--production'],
    paraphrase: true,
    evidence: 'With the --production flag (or when the NODE_ENV environment variable is set to production), npm will not install modules listed in devDependencies.',
  },
  { question: 'How do I save an exact version instead of a range?', gold: ['--save-exact'] },
  { question: 'Which git protocols does npm install support?', gold: ['git+ssh'] },
  { question: 'What happens when I install a folder that is outside my project root?', gold: ['symlink'] },
  { question: 'Why must version ranges be quoted on the command line?', gold: ['single argument'] },
  { question: 'How do I add a package to optionalDependencies?', gold: ['--save-optional'] },
  {
    question: 'Can I keep two copies of react side by side under different names?',
    gold: ['custom alias'],
    paraphrase: true,
    evidence: 'Install a package under a custom alias.',
  },
  {
    question: 'What if I forget the @ before my organisation name?',
    gold: ['GitHub repository'],
    paraphrase: true,
    evidence: 'Note: if you do not include the @-symbol on your scope name, npm will interpret this as a GitHub repository instead, see below.',
  },
  // npm ci
  { question: 'What does npm ci do if the lock file and package.json disagree?', gold: ['exit with an error'] },
  { question: 'Does npm ci delete node_modules before it starts?', gold: ['automatically removed'] },
  { question: 'Can npm ci add a single dependency to my project?', gold: ['individual dependencies cannot be added'] },
  { question: 'What are the aliases for npm ci?', gold: ['clean-install'] },
  {
    question: 'Could a clean setup ever modify my manifest?',
    gold: ['never write to package.json'],
    paraphrase: true,
    evidence: 'It will never write to package.json or any of the package-locks: installs are essentially frozen.',
  },
  { question: 'Which file must exist before running npm ci?', gold: ['package-lock.json or npm-shrinkwrap.json'] },
  // npm publish
  {
    question: 'Once I pull 1.0.0 off the registry, may I reuse that number?',
    gold: ['can never be used again'],
    paraphrase: true,
    evidence:
      'Once a package is published with a given name and version, that specific name and version combination can never be used again, even if it is removed with npm unpublish.',
  },
  { question: 'How do I see which files will be included in my package before publishing?', gold: ['npm pack --dry-run'] },
  { question: 'If both .gitignore and .npmignore exist, which one is used?', gold: ['only the .npmignore is used'] },
  { question: 'How do I keep my scoped package from being publicly viewable?', gold: ['--access=restricted'] },
  {
    question: 'What checksums are sent along when I push a release?',
    gold: ['sha512sum'],
    paraphrase: true,
    evidence: 'As of npm@5, both a sha1sum and an integrity field with a sha512sum of the tarball will be submitted to the registry during publication.',
  },
  { question: 'What is the otp option for when publishing?', gold: ['two-factor authenticator'] },
  // npm version
  { question: 'What does %s in the version commit message get replaced with?', gold: ['resulting version number'] },
  { question: 'How do I bump the version without creating a git commit and tag?', gold: ['--no-git-tag-version'] },
  { question: 'Which scripts run as part of npm version?', gold: ['preversion, version, or postversion'] },
  {
    question: 'Can I bump the release while I have uncommitted edits?',
    gold: ['not clean'],
    paraphrase: true,
    evidence: 'It will fail if the working directory is not clean, unless the -f or --force flag is set.',
  },
  { question: 'How do I sign the version tag with my GPG key?', gold: ['sign-git-tag'] },
  { question: 'What does from-git do in npm version?', gold: ['latest git tag'] },
  // npm audit
  {
    question: 'What status does the vulnerability check return when everything is fine?',
    gold: ['0 exit code'],
    paraphrase: true,
    evidence: 'The command will exit with a 0 exit code if no vulnerabilities were found.',
  },
  { question: 'How do I make npm audit fail in CI only above a minimum vulnerability level?', gold: ['--audit-level'] },
  { question: 'What is a meta-vulnerability?', gold: ['vulnerable by virtue of dependence'] },
  { question: 'Where are metavulnerabilities cached?', gold: ['~/.npm'] },
  { question: 'Which advisory endpoint does npm audit use since version 7?', gold: ['Bulk Advisory'] },
  {
    question: 'Can every security problem be repaired automatically?',
    gold: ['manual intervention'],
    paraphrase: true,
    evidence: 'Note that some vulnerabilities cannot be fixed automatically and will require manual intervention or review.',
  },
  // npm scripts
  { question: 'How do I create a script that runs before another script?', gold: ['"pre" or "post"'] },
  { question: 'Is npm run pack the same as npm pack?', gold: ['NOT the same'] },
  { question: 'How do I see the output of install scripts that run in the background?', gold: ['--foreground-scripts'] },
  { question: 'What does npm start run if there is no start script?', gold: ['node server.js'] },
  { question: 'What does npm do when my package has a binding.gyp file?', gold: ['node-gyp rebuild'] },
  { question: 'Are uninstall lifecycle scripts supported?', gold: ['not implemented'] },
  {
    question: 'Under which account do lifecycle hooks execute when I am logged in as the superuser?',
    gold: ['working directory owner'],
    paraphrase: true,
    evidence: 'When npm is run as root, scripts are always run with the effective uid and gid of the working directory owner.',
  },
  {
    question: 'Why compile CoffeeScript ahead of time instead of on the user machine?',
    gold: ['coffee-script as a devDependency', 'done once, in a single place'],
    paraphrase: true,
    evidence: "You can depend on coffee-script as a devDependency, and thus your users don't need to have it installed.",
  },
  // npmrc
  {
    question: 'How do I leave a note in the npm settings file that gets ignored?',
    gold: ['; or #'],
    paraphrase: true,
    evidence: 'Lines in .npmrc files are interpreted as comments when they begin with a ; or # character.',
  },
  { question: 'Where is the per-user npmrc file?', gold: ['$HOME/.npmrc'] },
  {
    question: 'Does the project-level config apply to a -g setup?',
    gold: ['not read in global mode'],
    paraphrase: true,
    evidence: 'Additionally, this file is not read in global mode, such as when running npm install -g.',
  },
  { question: 'Which npmrc settings must be scoped to a specific registry?', gold: ['_authToken'] },
  {
    question: 'How can one setting hold several entries?',
    gold: ['"[]"'],
    paraphrase: true,
    evidence: 'Array values are specified by adding "[]" after the key name.',
  },
  // npm cache
  {
    question: 'Is wiping the download store something I should do routinely?',
    gold: ['typically unnecessary'],
    paraphrase: true,
    evidence: "Note that this is typically unnecessary, as npm's cache is self-healing and resistant to data corruption issues.",
  },
  { question: 'How can I check the npm cache for corruption?', gold: ['npm cache verify'] },
  { question: 'What is the directory inside the npm cache called?', gold: ['_cacache'] },
  {
    question: 'Will the stored downloads shrink on their own over time?',
    gold: ['will not remove data by itself'],
    paraphrase: true,
    evidence: 'npm will not remove data by itself: the cache will grow as new packages are installed.',
  },
  // Git FAQ (Debian's git-doc)
  { question: 'How do I set the name that Git stores in my commits?', gold: ['user.name'] },
  {
    question: 'Which text program opens for my commit messages if I never picked one?',
    gold: ['usually vi'],
    paraphrase: true,
    evidence:
      'If you haven’t specified an editor specifically for Git, it will by default use the editor you’ve configured using the VISUAL or EDITOR environment variables, or if neither is specified, the system default (which is usually vi).',
  },
  { question: 'How do I configure an editor only for Git?', gold: ['core.editor', 'GIT_EDITOR'] },
  {
    question: 'Can I stop being asked for my login every time I push?',
    gold: ['credential helper'],
    paraphrase: true,
    evidence: 'The easiest way to do this is to use a credential helper via the credential.helper configuration.',
  },
  {
    question: 'I shipped a buggy change to the shared line of development, how do I back it out?',
    gold: ['git revert'],
    paraphrase: true,
    evidence: 'The usual way to deal with this is to use git revert.',
  },
  { question: 'Can I ask Git to ignore changes to a tracked file?', gold: ['Git doesn’t provide a way to do this'] },
  { question: 'How do I untrack a file that was tracked before I added it to .gitignore?', gold: ['git rm --cached'] },
  { question: 'How do I use multiple accounts with the same hosting provider over HTTP?', gold: ['username in the URL'] },
  { question: 'What does http.postBuffer change?', gold: ['size of the buffer'] },
  {
    question: 'Is it safe to put my secret in the remote address?',
    gold: ['not particularly secure'],
    paraphrase: true,
    evidence:
      'While it is possible to place the password (which must be percent-encoded) in the URL, this is not particularly secure and can lead to accidental exposure of credentials, so it is not recommended.',
  },
  {
    question: 'What keeps login details on a Mac?',
    gold: ['osxkeychain'],
    paraphrase: true,
    evidence:
      'For example, Git for Windows provides the wincred credential manager, macOS has the osxkeychain credential manager, and Unix systems with a standard desktop environment can use the libsecret credential manager.',
  },
  { question: 'How do I change the password or token saved in my credential manager?', gold: ['erase'] },
  // Git tutorial (Debian's git-doc)
  {
    question: 'What should I tell the tool about myself before my first commit?',
    gold: ['user.email', 'email address'],
    paraphrase: true,
    evidence: 'It is a good idea to introduce yourself to Git with your name and public email address before doing any operation.',
  },
  { question: 'What does Git call its staging area?', gold: ['"index"'] },
  { question: 'How long should the first line of a commit message be?', gold: ['less than 50 character'] },
  { question: 'How do I create a new branch named experimental?', gold: ['git branch experimental'] },
  { question: 'What happens when a merge has conflicts?', gold: ['markers will be left'] },
  {
    question: 'How can I throw away an abandoned line of work?',
    gold: ['git branch -D crazy-idea'],
    paraphrase: true,
    evidence: 'If you develop on a branch crazy-idea, then regret it, you can always delete the branch with',
  },
  { question: "How does Bob get a copy of Alice's repository?", gold: ['git clone'] },
  { question: "Is Bob's clone inferior to Alice's original project?", gold: ['equal footing'] },
  // TraceMonkey paper (pdf-parse's test PDF: prose and tables)
  {
    question: 'How much faster do programs get with this approach?',
    gold: ['2x-20x'],
    paraphrase: true,
    evidence: 'TraceMonkey supports all the JavaScript features of SpiderMonkey, with a 2x-20x speedup for traceable programs.',
  },
  { question: 'Who are the authors of the trace-based just-in-time type specialization paper?', gold: ['Andreas Gal'] },
  { question: 'After how many executions of a loop header does TraceMonkey start a tree?', gold: ['2 in the current implementation', '2 crossings'] },
  { question: 'What is a trace in TraceMonkey?', gold: ['program path'] },
  { question: 'What is the oracle used for?', gold: ['non-integer values'] },
  { question: 'After how many failures is a trace fragment blacklisted?', gold: ['2 in our implementation'] },
  { question: 'Which JavaScript interpreter was TraceMonkey built on?', gold: ['SpiderMonkey'] },
  {
    question: 'Why is guessing variable kinds up front a poor fit for a browser?',
    gold: ['very expensive'],
    paraphrase: true,
    evidence:
      'While compile-time static type inference might be able to gather type information to generate optimized machine code, traditional static analysis is very expensive and hence not well suited for the highly interactive environment of a web browser.',
  },
  { question: 'Does TraceMonkey record traces that throw exceptions?', gold: ['does not currently support recording throwing'] },
  { question: 'How many x86 instructions does the compiler generate for the sample snippet?', gold: ['17 instructions'] },
  { question: 'What does LIR stand for?', gold: ['low-level intermediate representation', 'low-level compiler intermediate representation'] },
  {
    question: 'How does it cope with loops inside loops?',
    gold: ['nested trace trees'],
    paraphrase: true,
    evidence: 'We solve the nested loop problem by recording nested trace trees.',
  },
  // Speed exercise and nitric oxide (pdf-parse's test PDF: a medical article with tables)
  {
    question: 'How big was the group of athletes tested?',
    gold: ['22 footballers', 'Twenty-two'],
    paraphrase: true,
    evidence: 'Twenty-two active, healthy footballers, with an age range of 18-32, free of obvious health problems and medications were enrolled into this study.',
  },
  {
    question: 'How old were the players on average?',
    gold: ['24.21'],
    paraphrase: true,
    evidence: 'Results: The mean age, height, and weight of the footballers included in the study were 24.21 ± 3.41 years, 173 ± 7.04 cm, and 67.85 ± 5.17 kg, respectively.',
  },
  { question: 'What were the NO levels of the footballers before the exercise?', gold: ['25.59'] },
  { question: 'Was the decrease in NO after the exercise statistically significant?', gold: ['not statistically', 'not a statistically', 'P = 0.052'] },
  {
    question: 'What distance did the athletes run?',
    gold: ['20-meter', '20 m'],
    paraphrase: true,
    evidence: 'The purpose of this study is to evaluate the acute effect of 20-meter sprints of footballers on NO levels.',
  },
  { question: 'How many times was the sprint repeated?', gold: ['10 times', '10 sprints'] },
  {
    question: 'What software crunched the numbers?',
    gold: ['SPSS 16.0'],
    paraphrase: true,
    evidence: 'SPSS 16.0 statistics program was used in analysing the data obtained.',
  },
  {
    question: 'How was running pace timed?',
    gold: ['photocell'],
    paraphrase: true,
    evidence: 'Speed measures were taken with a photocell system.',
  },
  {
    question: 'At what temperature were the samples stored?',
    gold: ['-80 °C'],
    paraphrase: true,
    evidence: 'The elements were precipitated by centrifuge for 5 min at 3500 rpm; the plasma part at the top was taken into Eppendorf tubes and kept at -80 °C until analysis.',
  },
  { question: 'What was the mean height of the footballers?', gold: ['173'] },
  { question: 'What was the maximum weight of the footballers in kg?', gold: ['77.67'] },
]

/** Questions a visitor might ask that the material does not answer. */
export const UNANSWERABLE: string[] = [
  'What are your opening hours?',
  'What is the phone number for sales?',
  'How much does a premium subscription cost per month?',
  'Do you offer a student discount?',
  'Where is your office located?',
  'Can I pay with PayPal?',
  'How do I reset my router to factory settings?',
  'What is the capital of Australia?',
  'Who won the football world cup in 2018?',
  'How do I bake sourdough bread?',
  'What is the weather forecast for tomorrow?',
  'How do I set up a Python virtual environment?',
  'Is there a mobile app for Android?',
  'How do I cancel my order?',
  'What is your return policy for damaged goods?',
  'How do I install Docker on Windows?',
]
