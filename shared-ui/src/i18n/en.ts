// English messages of the shared components (namespace 'ui'). The spec's strings are exact.
const en = {
  accessDenied: {
    title: 'Access Denied',
    message: 'You need administrator privileges to access this page.',
  },
  // The achievement catalogue (api/src/modules/gamification/achievements.ts), by key: the
  // achievements page and the notification bell name them.
  achievements: {
    first_review: { name: 'First Steps', description: 'Review your first card' },
    reviews_100: { name: 'Centurion', description: 'Review 100 cards' },
    reviews_1000: { name: 'Memory Master', description: 'Review 1,000 cards' },
    cards_10: { name: 'Card Maker', description: 'Create 10 cards' },
    cards_100: { name: 'Librarian', description: 'Create 100 cards' },
    streak_3: { name: 'On a Roll', description: 'Review cards 3 days in a row' },
    streak_7: { name: 'Week Warrior', description: 'Review cards 7 days in a row' },
    first_session: { name: 'Session Complete', description: 'Finish your first study session' },
    daily_goal: { name: 'Goal Getter', description: 'Reach your daily goal' },
  },
  // The stand-in name of a learner who chose no display name (shared-ui learnerName).
  learner: 'Learner #{{id}}',
  // A screen showing the answer kept from its last load, the network not answering (useLoad's keep).
  keptAt: 'Offline — showing what was loaded at {{time}}',
  loading: 'Loading...',
  // How long ago (relativeTime): on its own (the spec's 'Just now'), and inside a sentence.
  relativeTime: {
    justNow: 'Just now',
    justNowInSentence: 'just now',
  },
  standalone: {
    title: 'Standalone sign-in',
    intro: 'This remote runs alone; sign in with an account of the local API.',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
  },
  // A screen's own failure text followed by what the server said (toastFailure's withReason).
  withReason: '{{message}}: {{reason}}',
} as const;

export default en;
