import { useId } from 'react';
import type { DuplicateChoice, ImportCounts } from '@flashcard/api-contract';
import { useCardsText } from '../../../i18n';

const CHOICES: Array<[DuplicateChoice, 'duplicatesUpdate' | 'duplicatesSkip' | 'duplicatesAdd']> = [
  ['update', 'duplicatesUpdate'],
  ['skip', 'duplicatesSkip'],
  ['add', 'duplicatesAdd'],
];

/** Notes an import would write under `choice`: the new ones, and the present ones it touches. */
export function notesToWrite(counts: ImportCounts, choice: DuplicateChoice): number {
  if (choice === 'add') return counts.new + counts.updated + counts.unchanged;
  if (choice === 'update') return counts.new + counts.updated;
  return counts.new;
}

/**
 * The preview's comparison with the learner's notes (new, updated, unchanged) and, when some are
 * already here, Anki's choice for them: update, skip or import anyway.
 */
export function DuplicatesChoice({
  counts,
  choice,
  onChange,
}: {
  counts: ImportCounts;
  choice: DuplicateChoice;
  onChange: (choice: DuplicateChoice) => void;
}) {
  const t = useCardsText();
  const id = useId();
  return (
    <>
      <p>
        {t('import.countsLine', {
          new: t('import.countNew', { count: counts.new }),
          updated: t('import.countUpdated', { count: counts.updated }),
          unchanged: t('import.countUnchanged', { count: counts.unchanged }),
        })}
      </p>
      {counts.updated + counts.unchanged > 0 && (
        <fieldset className="cards-duplicates">
          <legend>{t('import.duplicatesLegend')}</legend>
          {CHOICES.map(([value, label]) => (
            <label key={value} className="cards-duplicates-option" htmlFor={`${id}-${value}`}>
              <input
                id={`${id}-${value}`}
                type="radio"
                name={`${id}-duplicates`}
                value={value}
                checked={choice === value}
                onChange={() => onChange(value)}
              />
              <span>{t(`import.${label}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
}
