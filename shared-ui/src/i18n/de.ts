import type { MessagesOf } from '@flashcard/shared-auth';
import type en from './en';

const de: MessagesOf<typeof en> = {
  accessDenied: {
    title: 'Zugriff verweigert',
    message: 'Für diese Seite brauchst du Administratorrechte.',
  },
  achievements: {
    first_review: { name: 'Erste Schritte', description: 'Wiederhole deine erste Karte' },
    reviews_100: { name: 'Zenturio', description: 'Wiederhole 100 Karten' },
    reviews_1000: { name: 'Gedächtnismeister', description: 'Wiederhole 1.000 Karten' },
    cards_10: { name: 'Kartenmacher', description: 'Erstelle 10 Karten' },
    cards_100: { name: 'Bibliothekar', description: 'Erstelle 100 Karten' },
    streak_3: { name: 'Gut in Fahrt', description: 'Wiederhole 3 Tage in Folge Karten' },
    streak_7: { name: 'Wochenkrieger', description: 'Wiederhole 7 Tage in Folge Karten' },
    first_session: { name: 'Sitzung geschafft', description: 'Beende deine erste Lernsitzung' },
    daily_goal: { name: 'Zielstrebig', description: 'Erreiche dein Tagesziel' },
  },
  learner: 'Lernende*r #{{id}}',
  keptAt: 'Offline — angezeigt wird der Stand von {{time}}',
  loading: 'Wird geladen...',
  relativeTime: {
    justNow: 'Gerade eben',
    justNowInSentence: 'gerade eben',
  },
  standalone: {
    title: 'Eigenständige Anmeldung',
    intro: 'Dieses Remote läuft allein; melde dich mit einem Konto der lokalen API an.',
    email: 'E-Mail',
    password: 'Passwort',
    signIn: 'Anmelden',
  },
  withReason: '{{message}}: {{reason}}',
};

export default de;
