import type { MessagesOf } from '@flashcard/shared-auth';
import type en from './en';

const it: MessagesOf<typeof en> = {
  accessDenied: {
    title: 'Accesso negato',
    message: 'Servono i privilegi di amministratore per accedere a questa pagina.',
  },
  achievements: {
    first_review: { name: 'Primi passi', description: 'Ripassa la tua prima scheda' },
    reviews_100: { name: 'Centurione', description: 'Ripassa 100 schede' },
    reviews_1000: { name: 'Maestro della memoria', description: 'Ripassa 1.000 schede' },
    cards_10: { name: 'Creatore di schede', description: 'Crea 10 schede' },
    cards_100: { name: 'Bibliotecario', description: 'Crea 100 schede' },
    streak_3: { name: 'Inarrestabile', description: 'Ripassa schede per 3 giorni di fila' },
    streak_7: { name: 'Guerriero della settimana', description: 'Ripassa schede per 7 giorni di fila' },
    first_session: { name: 'Sessione completata', description: 'Completa la tua prima sessione di studio' },
    daily_goal: { name: 'Obiettivo centrato', description: 'Raggiungi il tuo obiettivo giornaliero' },
  },
  learner: 'Studente #{{id}}',
  keptAt: 'Offline — dati caricati alle {{time}}',
  loading: 'Caricamento...',
  relativeTime: {
    justNow: 'Proprio ora',
    justNowInSentence: 'proprio ora',
  },
  standalone: {
    title: 'Accesso autonomo',
    intro: 'Questo remote funziona da solo; accedi con un account dell’API locale.',
    email: 'Email',
    password: 'Password',
    signIn: 'Accedi',
  },
  withReason: '{{message}}: {{reason}}',
};

export default it;
