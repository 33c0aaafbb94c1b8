// English messages of the study remote (namespace 'study'). Strings the spec quotes (the hub's
// titles and buttons, the session toasts, the ratings, 'Card X of N', 'Session Complete!',
// 'You reviewed N cards. Great job!', 'Coming soon') are verbatim.
const en = {
  hub: {
    title: 'Study',
    subtitle: 'Choose how you want to study today.',
    loadFailed: 'Failed to load study data',
    countFailed: 'Could not load this count.',
    due: {
      title: 'Due for Review',
      countLabel: 'cards due now',
      action: 'Start Review Session',
      empty: 'No cards are due right now.',
    },
    fresh: {
      title: 'New Cards',
      countLabel: 'cards not studied yet',
      action: 'Learn New Cards',
      empty: 'No new cards to learn right now.',
    },
    goal: {
      title: 'Daily Goal',
      loading: 'Loading your daily goal...',
      failed: 'Your daily goal could not be loaded.',
      studied: '{{studied, number}}/{{goal, number}}',
      studiedLabel: 'cards studied today',
      progress: 'Daily goal progress',
      // {{percent}} arrives formatted for the language ('40%', '40 %').
      percent: '{{percent}} complete',
    },
    options: {
      title: 'Study Options',
      flashcards: {
        title: 'Flashcards',
        description: 'Flip through your due cards and rate how well you knew them.',
        start: 'Start Flashcards',
      },
      multipleChoice: {
        title: 'Multiple Choice',
        description: 'Pick the right answer from several options.',
        start: 'Start Multiple Choice',
      },
      timed: {
        title: 'Timed Practice',
        description: 'Answer as many cards as you can against the clock.',
        start: 'Start Timed Practice',
      },
    },
  },
  comingSoon: {
    title: 'Coming soon',
    text: 'This study mode is on its way.',
  },
  backToStudy: 'Back to Study',
  viewProgress: 'View Progress',
  // Our own wording followed by what the server said: 'Could not undo the last rating: Not found'.
  withReason: '{{message}}: {{reason}}',
  session: {
    again: 'Again: back for another try',
    leech: 'This card keeps slipping away: it was tagged leech and suspended. Rewrite it on the Cards page, then unsuspend it.',
    suspend: 'Suspend',
    bury: 'Bury until tomorrow',
    suspended: 'Card suspended: it stays out of your sessions until you unsuspend it',
    buried: 'Card buried until tomorrow',
    setAsideFailed: 'Could not set the card aside',
    readAloud: 'Read aloud',
    scopeSet: 'Set: {{name}}',
    scopeTag: 'Tag: {{tag}}',
    cardActions: 'Card actions',
    flashcard: 'Flashcard',
    question: 'Question',
    answer: 'Answer',
    undo: 'Undo last rating',
    undone: 'Undid last rating',
    undoFailed: 'Could not undo the last rating',
    submitFailed: 'Failed to submit answer',
    rateGroup: 'Rate your answer',
    ratings: {
      again: 'Again',
      hard: 'Hard',
      good: 'Good',
      easy: 'Easy',
    },
    // {{interval}} is the server's own text ('1d', '6m').
    ratingWithInterval: '{{rating}}, next review in {{interval}}',
    progress: 'Session progress',
    done_one: '{{count, number}} done',
    done_other: '{{count, number}} done',
    // {{count}} is the number of cards in the session.
    rated_one: '{{done, number}} of {{count, number}} card rated',
    rated_other: '{{done, number}} of {{count, number}} cards rated',
    keyboard:
      'Keyboard: <kbd>Space</kbd> or <kbd>Enter</kbd> shows the answer, <kbd>1</kbd>–<kbd>{{last}}</kbd> rate ({{ratings}}), <kbd>U</kbd> undoes the last rating.',
    review: {
      title: 'Review Session',
      position: 'Card {{position, number}} of {{total, number}}',
      reveal: 'Show Answer',
      hide: 'Hide Answer',
      loading: 'Loading review cards...',
      noCards: 'No cards due for review',
      loadFailed: 'Failed to load review cards',
      completedToast: 'Review session completed!',
      completedTitle: 'Session Complete!',
      // Spec text, verbatim (also for a single card).
      completedText_one: 'You reviewed {{count, number}} cards. Great job!',
      completedText_other: 'You reviewed {{count, number}} cards. Great job!',
    },
    new: {
      title: 'Learn New Cards',
      position: 'New Card {{position, number}} of {{total, number}}',
      reveal: 'Reveal Answer',
      loading: 'Loading new cards...',
      noCards: 'No new cards available',
      loadFailed: 'Failed to load new cards',
      completedToast: 'Learning session completed!',
      completedTitle: 'New Cards Learned!',
      completedText_one: 'You learned {{count, number}} new card.',
      completedText_other: 'You learned {{count, number}} new cards.',
    },
  },
} as const;

export default en;
