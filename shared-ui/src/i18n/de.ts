import type { MessagesOf } from '@flashcard/shared-auth';
import type en from './en';

const de: MessagesOf<typeof en> = {
  accessDenied: {
    title: 'Zugriff verweigert',
    message: 'Für diese Seite brauchst du Administratorrechte.',
  },
  loading: 'Wird geladen...',
  standalone: {
    title: 'Eigenständige Anmeldung',
    intro: 'Dieses Remote läuft allein; melde dich mit einem Konto der lokalen API an.',
    email: 'E-Mail',
    password: 'Passwort',
    signIn: 'Anmelden',
  },
};

export default de;
