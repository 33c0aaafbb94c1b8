import type { MessagesOf } from '@flashcard/shared-auth';
import type en from './en';

const it: MessagesOf<typeof en> = {
  accessDenied: {
    title: 'Accesso negato',
    message: 'Servono i privilegi di amministratore per accedere a questa pagina.',
  },
  loading: 'Caricamento...',
  standalone: {
    title: 'Accesso autonomo',
    intro: 'Questo remote funziona da solo; accedi con un account dell’API locale.',
    email: 'Email',
    password: 'Password',
    signIn: 'Accedi',
  },
};

export default it;
