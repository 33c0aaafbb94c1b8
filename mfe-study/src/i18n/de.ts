import type { MessagesOf } from '@flashcard/shared-auth';
import type en from './en';

const de: MessagesOf<typeof en> = {
  hub: {
    title: 'Lernen',
    subtitle: 'Wähle, wie du heute lernen möchtest.',
    loadFailed: 'Lerndaten konnten nicht geladen werden',
    countFailed: 'Diese Anzahl konnte nicht geladen werden.',
    due: {
      title: 'Fällige Wiederholungen',
      countLabel: 'Karten jetzt fällig',
      action: 'Wiederholung starten',
      empty: 'Gerade sind keine Karten fällig.',
    },
    fresh: {
      title: 'Neue Karten',
      countLabel: 'Karten noch nicht gelernt',
      action: 'Neue Karten lernen',
      empty: 'Gerade gibt es keine neuen Karten zu lernen.',
    },
    goal: {
      title: 'Tagesziel',
      loading: 'Dein Tagesziel wird geladen...',
      failed: 'Dein Tagesziel konnte nicht geladen werden.',
      studied: '{{studied, number}}/{{goal, number}}',
      studiedLabel: 'Karten heute gelernt',
      progress: 'Fortschritt beim Tagesziel',
      percent: '{{percent}} erreicht',
    },
    options: {
      title: 'Lernmodi',
      flashcards: {
        title: 'Karteikarten',
        description: 'Geh deine fälligen Karten durch und bewerte, wie gut du sie wusstest.',
        start: 'Karteikarten starten',
      },
      multipleChoice: {
        title: 'Multiple Choice',
        description: 'Wähle die richtige Antwort aus mehreren Möglichkeiten.',
        start: 'Multiple Choice starten',
      },
      timed: {
        title: 'Training auf Zeit',
        description: 'Beantworte so viele Karten wie möglich gegen die Uhr.',
        start: 'Training auf Zeit starten',
      },
    },
  },
  comingSoon: {
    title: 'Demnächst verfügbar',
    text: 'Dieser Lernmodus ist in Arbeit.',
  },
  backToStudy: 'Zurück zum Lernen',
  viewProgress: 'Fortschritt ansehen',
  withReason: '{{message}}: {{reason}}',
  session: {
    flashcard: 'Karteikarte',
    question: 'Frage',
    answer: 'Antwort',
    undo: 'Letzte Bewertung rückgängig machen',
    undone: 'Letzte Bewertung rückgängig gemacht',
    undoFailed: 'Die letzte Bewertung konnte nicht rückgängig gemacht werden',
    submitFailed: 'Antwort konnte nicht gesendet werden',
    rateGroup: 'Bewerte deine Antwort',
    ratings: {
      again: 'Nochmal',
      hard: 'Schwer',
      good: 'Gut',
      easy: 'Einfach',
    },
    ratingWithInterval: '{{rating}}, nächste Wiederholung in {{interval}}',
    progress: 'Fortschritt der Sitzung',
    done_one: '{{count, number}} erledigt',
    done_other: '{{count, number}} erledigt',
    rated_one: '{{done, number}} von {{count, number}} Karte bewertet',
    rated_other: '{{done, number}} von {{count, number}} Karten bewertet',
    keyboard:
      'Tastatur: <kbd>Leertaste</kbd> oder <kbd>Eingabe</kbd> zeigt die Antwort, <kbd>1</kbd>–<kbd>{{last}}</kbd> bewerten ({{ratings}}), <kbd>U</kbd> macht die letzte Bewertung rückgängig.',
    review: {
      title: 'Wiederholungssitzung',
      position: 'Karte {{position, number}} von {{total, number}}',
      reveal: 'Antwort zeigen',
      hide: 'Antwort verbergen',
      loading: 'Karten zum Wiederholen werden geladen...',
      noCards: 'Keine Karten zum Wiederholen fällig',
      loadFailed: 'Karten zum Wiederholen konnten nicht geladen werden',
      completedToast: 'Wiederholungssitzung abgeschlossen!',
      completedTitle: 'Sitzung abgeschlossen!',
      completedText_one: 'Du hast {{count, number}} Karte wiederholt. Gut gemacht!',
      completedText_other: 'Du hast {{count, number}} Karten wiederholt. Gut gemacht!',
    },
    new: {
      title: 'Neue Karten lernen',
      position: 'Neue Karte {{position, number}} von {{total, number}}',
      reveal: 'Antwort aufdecken',
      loading: 'Neue Karten werden geladen...',
      noCards: 'Keine neuen Karten verfügbar',
      loadFailed: 'Neue Karten konnten nicht geladen werden',
      completedToast: 'Lernsitzung abgeschlossen!',
      completedTitle: 'Neue Karten gelernt!',
      completedText_one: 'Du hast {{count, number}} neue Karte gelernt.',
      completedText_other: 'Du hast {{count, number}} neue Karten gelernt.',
    },
  },
};

export default de;
