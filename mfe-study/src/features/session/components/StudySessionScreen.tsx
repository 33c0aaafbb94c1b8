import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { cardFaces, plainText, typedAnswer, userApi } from '@flashcard/api-contract';
import { RichText, Spinner } from '@flashcard/shared-ui';
import { studyLanguage, useStudyText } from '../../../i18n';
import { useScope } from '../../scope';
import { useAutoplaySounds, useCardSounds } from '../hooks/use-card-sounds';
import { useSpeech } from '../hooks/use-speech';
import { useStudyKeyboard } from '../hooks/use-study-keyboard';
import { useStudySession } from '../hooks/use-study-session';
import { RATING_KEYS, SESSION_CONFIG, type SessionKind } from '../session-config';
import { cardsReviewed, currentCard, isAnswerShown, position } from '../session-reducer';
import { EditCardDialog } from './EditCardDialog';
import { RatingButtons } from './RatingButtons';
import { SessionComplete } from './SessionComplete';
import { SessionProgress } from './SessionProgress';
import { TypeAnswerField, TypedAnswerDiff } from './TypedAnswer';
import '../study.css';

/** The review session (review, flashcards) and the new-card session (new) share this screen. */
export function StudySessionScreen({ kind }: { kind: SessionKind }) {
  const config = SESSION_CONFIG[kind];
  const t = useStudyText();
  const scope = useScope();
  const session = useStudySession(kind, scope);
  const { state } = session;
  const speech = useSpeech();
  const autoplay = useAutoplay();
  const answerId = useId();
  const controlsRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState(false);
  const canEdit = state.phase === 'question' || state.phase === 'answer';
  const openEditor = () => {
    if (!canEdit || editing) return false;
    setEditing(true);
    return true;
  };
  const cardRef = useRef<HTMLElement>(null);
  const sounds = useCardSounds(cardRef, isAnswerShown(state));
  useStudyKeyboard({
    reveal: session.reveal,
    rate: session.rate,
    undo: session.undo,
    edit: openEditor,
    replay: sounds.play,
    ratings: config.ratings,
  });

  // Revealing removes the Reveal button and rating removes the rating buttons. When the focused
  // button has gone, focus goes to the card (a screen reader reads the new question, or the
  // answer) instead of falling back to the top of the page. Not to a button: Space there would
  // press it, where Anki users expect Space to do nothing more once the answer is up. Focus on
  // the card itself follows it to its answer.
  const shownNow = isAnswerShown(state);
  const shownCard = currentCard(state);
  const faces = useMemo(() => (shownCard ? cardFaces(shownCard) : null), [shownCard]);
  // A typed card's answer as typed, kept while the card is shown (Hide Answer brings it back).
  // Keyed by place and card: a card back for another try starts empty.
  const typedKey = shownCard ? `${state.index}:${shownCard.id}` : '';
  const [typed, setTyped] = useState({ key: '', text: '' });
  const typedText = typed.key === typedKey ? typed.text : '';
  const say = (text: string) => shownCard && speech.speak(plainText(text), shownCard.language ?? studyLanguage());
  // Autoplay (the account's setting): each face's sounds play as it appears; a face without
  // sounds has its answer read once as it is revealed.
  useAutoplaySounds(cardRef, sounds.play, autoplay, `${state.index}:${shownNow}`);
  useEffect(() => {
    if (shownNow && autoplay && faces && shownCard && !/\[sound:/.test(faces.back))
      speech.speak(plainText(faces.back), shownCard.language ?? studyLanguage());
    if (!shownNow) speech.stop();
  }, [shownNow, autoplay, faces, shownCard, speech]);
  useEffect(() => {
    const active = document.activeElement;
    const kept = active && active !== document.body && active.isConnected && !active.classList.contains('study-card');
    if (kept) return;
    // A typed card's question puts the cursor in its answer field, as Anki does.
    const controls = controlsRef.current;
    const target = shownNow
      ? controls?.querySelector<HTMLElement>('.study-answer')
      : (controls?.querySelector<HTMLElement>('.study-type-answer input') ?? controls?.querySelector('.study-card'));
    target?.focus();
  }, [shownNow, state.index, state.phase]);

  if (state.phase === 'loading') return <Spinner label={t(`session.${kind}.loading`)} />;
  // The toast has been shown; back to the hub ('..' is /study in the shell).
  if (state.phase === 'empty' || state.phase === 'failed') return <Navigate to=".." replace />;
  if (state.phase === 'completed') {
    return (
      <SessionComplete
        title={t(`session.${kind}.completedTitle`)}
        text={t(`session.${kind}.completedText`, { count: cardsReviewed(state) })}
      />
    );
  }

  const card = currentCard(state)!;
  const { front, back } = faces!;
  const expected = typedAnswer(card);
  const place = position(state);
  const shown = isAnswerShown(state);
  // An image occlusion's back is its image again, the asked mask revealed: it takes the front's place.
  const replacesFront = shown && card.kind === 'occlusion';
  const busy = state.phase === 'submitting' || state.phase === 'undoing';
  const lastKey = config.ratings.length;
  const rateKeys = new Intl.ListFormat(studyLanguage(), { type: 'unit', style: 'short' }).format(
    config.ratings.map((result) => t(`session.ratings.${RATING_KEYS[result]}`)),
  );

  return (
    <div className="page study-session">
      <header className="page-header">
        <div>
          <h1>{t(`session.${kind}.title`)}</h1>
          {scope.set !== undefined && (
            <p className="muted study-scope">
              {t('session.scopeSet', { name: card.category_name ?? String(scope.set) })}
            </p>
          )}
          {scope.tag !== undefined && <p className="muted study-scope">{t('session.scopeTag', { tag: scope.tag })}</p>}
        </div>
        <Link className="btn btn-small" to="..">
          {t('backToStudy')}
        </Link>
      </header>

      <div className="stack" ref={controlsRef}>
        <SessionProgress
          label={t(`session.${kind}.position`, { position: place.position, total: place.total })}
          done={state.ratings.length}
          total={state.cards.length}
        />

        <article ref={cardRef} className="card study-card" aria-label={t('session.flashcard')} tabIndex={-1}>
          <div className="row study-badges">
            {card.category_name && <span className="badge">{card.category_name}</span>}
            {place.again && <span className="badge study-again">{t('session.again')}</span>}
          </div>
          {!replacesFront && (
            <>
              <p className="study-side">{t('session.question')}</p>
              <RichText source={front} className="study-text" />
            </>
          )}
          {expected !== null && !shown && (
            <TypeAnswerField
              value={typedText}
              onChange={(text) => setTyped({ key: typedKey, text })}
              onSubmit={session.reveal}
              disabled={busy}
            />
          )}
          {shown && (
            <section
              id={answerId}
              className={replacesFront ? 'study-answer study-answer-alone' : 'study-answer'}
              aria-label={t('session.answer')}
              tabIndex={-1}
            >
              <p className="study-side">{t('session.answer')}</p>
              {expected !== null && <TypedAnswerDiff typed={typedText} expected={expected} />}
              {/* A typed card's answer line is its plain text: the answer shows too when it has more. */}
              {(expected === null || back.trim() !== expected) && <RichText source={back} className="study-text" />}
            </section>
          )}
        </article>

        {/* On a phone this bar sticks to the bottom of the screen, so the ratings are in view as
            soon as the answer is (the card face scrolls inside itself when its text is long). */}
        <div className="study-actions">
          <div className="row study-controls">
            {config.toggles ? (
              <button
                type="button"
                className="btn btn-primary"
                aria-expanded={shown}
                aria-controls={shown ? answerId : undefined}
                disabled={busy}
                onClick={() => (shown ? session.hide() : session.reveal())}
              >
                {shown ? t('session.review.hide') : t(`session.${kind}.reveal`)}
              </button>
            ) : (
              !shown && (
                <button type="button" className="btn btn-primary" disabled={busy} onClick={session.reveal}>
                  {t(`session.${kind}.reveal`)}
                </button>
              )
            )}
            <button
              type="button"
              className="btn btn-small study-undo"
              disabled={busy || state.ratings.length === 0}
              onClick={session.undo}
              aria-keyshortcuts="u"
            >
              {t('session.undo')}
            </button>
          </div>
          <div className="row study-card-actions" role="group" aria-label={t('session.cardActions')}>
            {speech.supported && (
              <button type="button" className="btn btn-small" onClick={() => say(shown ? back : front)}>
                {t('session.readAloud')}
              </button>
            )}
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              onClick={openEditor}
              aria-keyshortcuts="e"
              aria-haspopup="dialog"
            >
              {t('session.edit')}
            </button>
            <button type="button" className="btn btn-small" disabled={busy} onClick={() => session.setAside('bury')}>
              {t('session.bury')}
            </button>
            <button type="button" className="btn btn-small" disabled={busy} onClick={() => session.setAside('suspend')}>
              {t('session.suspend')}
            </button>
          </div>

          {shown && <RatingButtons card={card} ratings={config.ratings} disabled={busy} onRate={session.rate} />}
        </div>

        {editing && (
          <EditCardDialog
            card={card}
            onSaved={(text) => {
              session.edited(text);
              setEditing(false);
            }}
            onClose={() => setEditing(false)}
          />
        )}

        <p className="muted study-keys">
          <Trans
            t={t}
            i18nKey="session.keyboard"
            values={{ last: lastKey, ratings: rateKeys }}
            components={{ kbd: <kbd /> }}
          />
        </p>
      </div>
    </div>
  );
}

/** The account's Autoplay setting (read once per session screen); off until known. */
function useAutoplay(): boolean {
  const [autoplay, setAutoplay] = useState(false);
  useEffect(() => {
    let active = true;
    userApi.settings().then(
      (settings) => active && setAutoplay(settings.autoplay),
      () => {}, // no autoplay then; the session itself does not depend on it
    );
    return () => {
      active = false;
    };
  }, []);
  return autoplay;
}
