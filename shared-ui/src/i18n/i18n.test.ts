import { setLanguage } from '@flashcard/shared-auth';
import { catalogueProblems } from '@flashcard/shared-auth/testing';
import { achievementText } from '../achievement-text';
import { learnerName } from '../learner-name';
import en from './en';
import es from './es';
import fr from './fr';
import de from './de';
import itMessages from './it';

const translations = { es, fr, de, it: itMessages };

describe('catalogues', () => {
  it('has every English text in es, fr, de and it, with the same placeholders and markup', () => {
    expect(catalogueProblems(en, translations)).toEqual([]);
  });

  it('keeps the texts the spec quotes verbatim in English', () => {
    expect(en.accessDenied).toEqual({
      title: 'Access Denied',
      message: 'You need administrator privileges to access this page.',
    });
    // The dashboard's, the bell's and recent sessions' times (relativeTime).
    expect(en.relativeTime.justNow).toBe('Just now');
  });

  it('words every achievement in each language, none left as the English', () => {
    for (const [language, messages] of Object.entries(translations)) {
      for (const [key, words] of Object.entries(en.achievements)) {
        const translated = messages.achievements[key as keyof typeof en.achievements];
        expect({
          language,
          key,
          name: translated.name === words.name,
          description: translated.description === words.description,
        }).toEqual({
          language,
          key,
          name: false,
          description: false,
        });
      }
    }
  });
});

describe('achievementText', () => {
  afterEach(() => setLanguage('en'));
  const serverEnglish = { name: 'First Steps (server)', description: 'Review your first card (server)' };

  it("names an achievement by its key in the page's language", async () => {
    expect(achievementText('first_review', serverEnglish)).toEqual({
      name: 'First Steps',
      description: 'Review your first card',
    });
    await setLanguage('es');
    expect(achievementText('first_review', serverEnglish)).toEqual({
      name: 'Primeros pasos',
      description: 'Repasa tu primera tarjeta',
    });
  });

  it("shows the server's English for a key this build does not know", async () => {
    await setLanguage('es');
    const newer = { name: 'Night Owl', description: 'Review after midnight' };
    expect(achievementText('night_owl', newer)).toBe(newer);
    // Not an inherited property of the catalogue object either.
    expect(achievementText('toString', newer)).toBe(newer);
  });
});

describe('learnerName', () => {
  afterEach(() => setLanguage('en'));

  it('keeps a chosen name as written in every language', async () => {
    await setLanguage('es');
    expect(learnerName({ id: 7, display_name: 'Ada' })).toBe('Ada');
  });

  it("words the stand-in for a learner without a name in the page's language", async () => {
    expect(learnerName({ id: 7, display_name: null })).toBe('Learner #7');
    await setLanguage('es');
    expect(learnerName({ id: 7, display_name: null })).toBe('Estudiante #7');
  });

  it('has its own stand-in in each language, none left as the English', () => {
    for (const [language, messages] of Object.entries(translations))
      expect({ language, same: messages.learner === en.learner }).toEqual({ language, same: false });
  });
});
