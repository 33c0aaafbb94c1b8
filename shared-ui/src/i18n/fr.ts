import type { MessagesOf } from '@flashcard/shared-auth';
import type en from './en';

const fr: MessagesOf<typeof en> = {
  accessDenied: {
    title: 'Accès refusé',
    message: 'Vous devez disposer des droits d’administrateur pour accéder à cette page.',
  },
  achievements: {
    first_review: { name: 'Premiers pas', description: 'Révisez votre première carte' },
    reviews_100: { name: 'Cent sur cent', description: 'Révisez 100 cartes' },
    reviews_1000: { name: 'Maître de la mémoire', description: 'Révisez 1 000 cartes' },
    cards_10: { name: 'Créateur de cartes', description: 'Créez 10 cartes' },
    cards_100: { name: 'Bibliothécaire', description: 'Créez 100 cartes' },
    streak_3: { name: 'Sur sa lancée', description: 'Révisez des cartes 3 jours d’affilée' },
    streak_7: { name: 'Guerrier de la semaine', description: 'Révisez des cartes 7 jours d’affilée' },
    first_session: { name: 'Séance terminée', description: 'Terminez votre première séance d’étude' },
    daily_goal: { name: 'Objectif atteint', description: 'Atteignez votre objectif quotidien' },
  },
  learner: 'Apprenant #{{id}}',
  keptAt: 'Hors ligne — affichage des données chargées à {{time}}',
  loading: 'Chargement...',
  relativeTime: {
    justNow: 'À l’instant',
    justNowInSentence: 'à l’instant',
  },
  standalone: {
    title: 'Connexion autonome',
    intro: 'Ce module distant fonctionne seul ; connectez-vous avec un compte de l’API locale.',
    email: 'E-mail',
    password: 'Mot de passe',
    signIn: 'Se connecter',
  },
  withReason: '{{message}} : {{reason}}',
};

export default fr;
