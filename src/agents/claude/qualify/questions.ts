// The question sets Claude Code's AskUserQuestion tool is asked in the scenarios: plain, with
// descriptions, multi-select, free text, unusual labels and rows that wrap.
import type { AskQuestion } from './turns';

export const Q_DATABASE: AskQuestion = {
  question: 'Which database should the service use?',
  header: 'Database',
  multiSelect: false,
  options: [
    { label: 'SQLite (Recommended)', description: 'Embedded, zero configuration, one file on disk.' },
    { label: 'PostgreSQL', description: 'Client-server database with strong concurrency.' },
    { label: 'MySQL', description: 'Widely hosted client-server database.' },
  ],
};

/** Four options with descriptions and the free-text row: the dialog a bottom-panel terminal cuts short. */
export const Q_FOUR: AskQuestion = {
  ...Q_DATABASE,
  options: [...Q_DATABASE.options, { label: 'MongoDB', description: 'Document database with flexible schemas.' }],
};

export const Q_FEATURES: AskQuestion = {
  question: 'Which features should the first release include?',
  header: 'Features',
  multiSelect: true,
  options: [
    { label: 'Authentication', description: 'Sign-in with passwords and sessions.' },
    { label: 'Search', description: 'Full-text search across documents.' },
    { label: 'Export', description: 'Download data as CSV or JSON.' },
    { label: 'Audit log', description: 'Record who changed what and when.' },
  ],
};

export const Q_NAME: AskQuestion = {
  question: 'What should the project be called?',
  header: 'Name',
  multiSelect: false,
  options: [
    { label: 'atlas', description: 'Short and neutral.' },
    { label: 'harbor', description: 'Suggests a safe place for data.' },
  ],
};

/** Long and unusual labels: wrapping, emoji with a variation selector, accents, CJK, quotes. */
export const Q_UNUSUAL: AskQuestion[] = [
  {
    question:
      'When the nightly synchronisation job finds two conflicting edits of the same record made on different devices ' +
      'while offline, which resolution policy should it apply before notifying the owners of the record?',
    header: 'Conflicts',
    multiSelect: false,
    options: [
      {
        label: 'Keep the most recent edit according to the device clock and archive the other one',
        description: 'Simple and predictable, but clock skew between devices can pick the wrong winner.',
      },
      {
        label: 'Merge field by field',
        description: 'Non-overlapping changes survive; overlapping fields need a rule.',
      },
      { label: 'Ask the owner ✏️', description: 'Nothing is lost; the record stays locked until someone decides.' },
      { label: 'Café "naïve" mode', description: 'Accented letters and quotes in a label.' },
    ],
  },
  {
    question: 'Which locales ship first?',
    header: 'Locales',
    multiSelect: true,
    options: [
      { label: '日本語', description: 'Japanese (double-width characters).' },
      { label: 'Español', description: 'Spanish.' },
      { label: 'Français', description: 'French.' },
      { label: 'Deutsch 🇩🇪', description: 'German, with a flag.' },
    ],
  },
  {
    question: 'Pick a colour theme.',
    header: 'Theme',
    multiSelect: false,
    options: [
      { label: 'Light', description: 'Dark text on a light background.' },
      { label: 'Dark', description: 'Light text on a dark background.' },
    ],
  },
  {
    question: 'How often should backups run?',
    header: 'Backups',
    multiSelect: false,
    options: [
      { label: 'Hourly', description: 'At most one hour of data at risk.' },
      { label: 'Daily', description: 'Cheaper storage, one day at risk.' },
      { label: 'Weekly', description: 'Cheapest, one week at risk.' },
    ],
  },
];

/** A multi-select question whose rows wrap at 80 and 120 columns: a long label, a long description. */
export const Q_CHECKS: AskQuestion = {
  question: 'Which checks should run before every release?',
  header: 'Checks',
  multiSelect: true,
  options: [
    {
      label:
        'Run the integration suite against a fresh database with the staging message broker ' +
        "and the payment provider's sandbox",
      description: 'Catches wiring mistakes that unit tests miss.',
    },
    { label: 'Lint', description: 'Style and obvious mistakes, in seconds.' },
    {
      label: 'Licence check',
      description:
        'Blocks a release that pulls in a package whose licence the legal team has not approved yet, ' +
        'and lists each such package with the licence it declares.',
    },
    { label: 'Smoke test', description: 'Start the service and call its health endpoint.' },
  ],
};
