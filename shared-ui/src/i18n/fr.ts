import type { MessagesOf } from '@flashcard/shared-auth';
import type en from './en';

const fr: MessagesOf<typeof en> = {
  accessDenied: {
    title: 'Accès refusé',
    message: 'Vous devez disposer des droits d’administrateur pour accéder à cette page.',
  },
  loading: 'Chargement...',
  standalone: {
    title: 'Connexion autonome',
    intro: 'Ce module distant fonctionne seul ; connectez-vous avec un compte de l’API locale.',
    email: 'E-mail',
    password: 'Mot de passe',
    signIn: 'Se connecter',
  },
};

export default fr;
