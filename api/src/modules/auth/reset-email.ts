// The password reset e-mail in the account's language (its settings' `language`; English for
// none or one the app does not speak). The screens word texts in the browser; an e-mail is
// worded here, once, from this catalogue: every language has every line (the type says so).
import { LANGUAGE_CODES, RESET_LINK_TTL_MINUTES } from '@flashcard/api-contract/schemas';

type Language = (typeof LANGUAGE_CODES)[number];

interface ResetEmailText {
  subject: string;
  asked: string;
  /** `minutes`: how long the link works. */
  open: (minutes: number) => string;
  /** The link's text in the HTML part (the shell's reset page title). */
  choose: string;
  ignore: string;
}

export const RESET_EMAIL_TEXT: Record<Language, ResetEmailText> = {
  en: {
    subject: 'Reset your Flashcards password',
    asked: 'Someone, hopefully you, asked to reset the password of your Flashcards account.',
    open: (minutes) => `Open this link within ${minutes} minutes to choose a new password. It works once.`,
    choose: 'Choose a new password',
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  es: {
    subject: 'Restablece tu contraseña de Flashcards',
    asked: 'Alguien, esperamos que tú, ha pedido restablecer la contraseña de tu cuenta de Flashcards.',
    open: (minutes) =>
      `Abre este enlace en los próximos ${minutes} minutos para elegir una contraseña nueva. Solo funciona una vez.`,
    choose: 'Elige una contraseña nueva',
    ignore: 'Si no lo has pedido tú, ignora este correo: tu contraseña sigue siendo la misma.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Flashcards',
    asked: 'Quelqu’un, vous sans doute, a demandé à réinitialiser le mot de passe de votre compte Flashcards.',
    open: (minutes) =>
      `Ouvrez ce lien dans les ${minutes} minutes pour choisir un nouveau mot de passe. Il ne sert qu’une fois.`,
    choose: 'Choisir un nouveau mot de passe',
    ignore: 'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste le même.',
  },
  de: {
    subject: 'Setze dein Flashcards-Passwort zurück',
    asked: 'Jemand, hoffentlich du, hat verlangt, das Passwort deines Flashcards-Kontos zurückzusetzen.',
    open: (minutes) =>
      `Öffne diesen Link innerhalb von ${minutes} Minuten, um ein neues Passwort zu wählen. Er funktioniert nur einmal.`,
    choose: 'Neues Passwort wählen',
    ignore: 'Wenn du das nicht verlangt hast, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.',
  },
  it: {
    subject: 'Reimposta la password di Flashcards',
    asked: 'Qualcuno, speriamo tu, ha chiesto di reimpostare la password del tuo account Flashcards.',
    open: (minutes) =>
      `Apri questo link entro ${minutes} minuti per scegliere una nuova password. Funziona una sola volta.`,
    choose: 'Scegli una nuova password',
    ignore: 'Se non l’hai chiesto tu, ignora questa e-mail: la tua password resta com’è.',
  },
};

const isLanguage = (value: string | null | undefined): value is Language =>
  (LANGUAGE_CODES as readonly (string | null | undefined)[]).includes(value);

/** The e-mail carrying `link`, in `language` (English when it is not one of the app's). */
export function resetEmail(link: string, language?: string | null): { subject: string; text: string; html: string } {
  const words = RESET_EMAIL_TEXT[isLanguage(language) ? language : 'en'];
  const open = words.open(RESET_LINK_TTL_MINUTES);
  const href = escapeHtml(link);
  return {
    subject: words.subject,
    text: `${words.asked}\n\n${open}\n${link}\n\n${words.ignore}\n`,
    html:
      `<p>${escapeHtml(words.asked)}</p><p>${escapeHtml(open)}</p>` +
      `<p><a href="${href}">${escapeHtml(words.choose)}</a></p><p>${href}</p><p>${escapeHtml(words.ignore)}</p>`,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
