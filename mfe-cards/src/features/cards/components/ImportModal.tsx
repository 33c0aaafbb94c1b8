import { useId, useState, type ChangeEvent } from 'react';
import { toast } from 'react-hot-toast';
import { Trans } from 'react-i18next';
import {
  cardsApi,
  MEDIA_MAX_BYTES,
  MEDIA_QUOTA_BYTES,
  type ApkgImportResult,
  type Category,
  type DuplicateChoice,
  type ImportFormat,
  type ImportResult,
  type SkippedMedia,
} from '@flashcard/api-contract';
import { useCardsLocale } from '../../../i18n';
import { message } from '../messages';
import { toastFailure } from '@flashcard/shared-ui';
import { DuplicatesChoice, notesToWrite } from './DuplicatesChoice';
import { Modal } from './Modal';

/** Rows shown in the preview table; the rest are only counted. */
export const PREVIEW_ROWS = 20;

interface ImportModalProps {
  categories: Category[];
  /** The set preselected as the target (the one the list is filtered to, if any). */
  defaultCategoryId?: number | null;
  /** Called after a real import wrote cards: the screen reloads its list. */
  onImported: (result: ImportResult) => void;
  onClose: () => void;
}

function readFile(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/** Paste or upload CSV / tab-separated text, preview it (dry run), then import the good rows. */
const MB = 1024 * 1024;

export function ImportModal({ categories, defaultCategoryId = null, onImported, onClose }: ImportModalProps) {
  const { t, language } = useCardsLocale();
  // Why a medium was not kept, by the API's key; its English for a reason without one.
  const skippedReason = (file: SkippedMedia) => {
    switch (file.key) {
      case null:
        return file.reason;
      case 'too_large':
        return t('import.skippedReasons.too_large', { mb: MEDIA_MAX_BYTES / MB });
      case 'quota':
        return t('import.skippedReasons.quota', { mb: MEDIA_QUOTA_BYTES / MB });
      default:
        return t(`import.skippedReasons.${file.key}`);
    }
  };
  const id = useId();
  const [text, setText] = useState('');
  const [format, setFormat] = useState<'' | ImportFormat>('');
  const [categoryId, setCategoryId] = useState(defaultCategoryId == null ? '' : String(defaultCategoryId));
  // Quizlet's export lets the learner choose both separators; these mirror its choices.
  const [termSeparator, setTermSeparator] = useState('\t');
  const [rowSeparator, setRowSeparator] = useState('\n');
  const [preview, setPreview] = useState<ImportResult | ApkgImportResult | null>(null);
  // An Anki package goes to the server as it is (the text box is for text formats).
  const [apkg, setApkg] = useState<File | null>(null);
  const [busy, setBusy] = useState<'reading' | 'preview' | 'import' | null>(null);
  // What to do with notes already here (Anki's choices); it changes what is written, not the preview.
  const [duplicates, setDuplicates] = useState<DuplicateChoice>('update');

  const input = () => ({
    text,
    ...(format ? { format } : {}),
    ...(format === 'quizlet' ? { termSeparator: termSeparator || '\t', rowSeparator: rowSeparator || '\n' } : {}),
    categoryId: categoryId ? Number(categoryId) : null,
  });

  // Any change to what would be imported invalidates the preview: import only what was checked.
  function edit<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value);
      setPreview(null);
    };
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (/\.apkg$/i.test(file.name)) {
      setApkg(file);
      edit(setText)('');
      return;
    }
    setApkg(null);
    setBusy('reading');
    try {
      edit(setText)(await readFile(file));
    } catch (err) {
      console.error('Could not read the file', err);
      toast.error(t('import.readFailed', { name: file.name }));
    } finally {
      setBusy(null);
    }
  }

  async function onPreview() {
    setBusy('preview');
    try {
      const target = categoryId ? Number(categoryId) : null;
      setPreview(
        apkg
          ? await cardsApi.importApkg(apkg, { dryRun: true, categoryId: target })
          : await cardsApi.importCards({ ...input(), dryRun: true }),
      );
    } catch (err) {
      toastFailure(message('previewFailed'), err, { withReason: true });
    } finally {
      setBusy(null);
    }
  }

  async function onImport() {
    setBusy('import');
    try {
      const result = apkg
        ? await cardsApi.importApkg(apkg, { categoryId: categoryId ? Number(categoryId) : null, duplicates })
        : await cardsApi.importCards({ ...input(), duplicates });
      const skipped = result.errors?.length ?? 0;
      toast.success(
        skipped
          ? t('import.importedWithSkipped', {
              count: result.imported,
              skipped: t('import.skippedRows', { count: skipped }),
            })
          : t('import.imported', { count: result.imported }),
      );
      if (result.updated) toast.success(t('import.updated', { count: result.updated }));
      if (result.skipped) toast.success(t('import.skipped', { count: result.skipped }));
      onImported(result);
      onClose();
    } catch (err) {
      toastFailure(message('importFailed'), err, { withReason: true });
      setBusy(null);
    }
  }

  const goodRows = preview?.rows ?? [];
  const errors = preview?.errors ?? [];
  const toWrite = preview ? notesToWrite(preview.counts, duplicates) : 0;
  return (
    <Modal title={t('import.title')} onClose={onClose} busy={busy === 'import'} wide>
      <p className="muted">
        <Trans t={t} i18nKey="import.intro" components={{ code: <code /> }} />
      </p>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('import.pasteLabel')}</label>
        <textarea
          id={`${id}-text`}
          data-autofocus
          className="cards-import-text"
          value={text}
          onChange={(e) => {
            setApkg(null);
            edit(setText)(e.target.value);
          }}
          spellCheck={false}
        />
      </div>
      <div className="cards-form-grid">
        <div className="field">
          <label htmlFor={`${id}-file`}>{t('import.uploadLabel')}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.tsv,.txt,.apkg,text/csv,text/plain,text/tab-separated-values"
            onChange={onFile}
            aria-describedby={`${id}-file-hint`}
          />
          <span id={`${id}-file-hint`} className="muted cards-hint">
            {apkg ? t('import.apkgChosen', { name: apkg.name }) : t('import.apkgHint')}
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-format`}>{t('import.format')}</label>
          <select
            id={`${id}-format`}
            value={format}
            disabled={apkg !== null}
            onChange={(e) => edit(setFormat)(e.target.value as '' | ImportFormat)}
          >
            <option value="">{t('import.formatAuto')}</option>
            <option value="csv">{t('import.formatCsv')}</option>
            <option value="tsv">{t('import.formatTsv')}</option>
            <option value="anki">{t('import.formatAnki')}</option>
            <option value="quizlet">{t('import.formatQuizlet')}</option>
          </select>
        </div>
        {format === 'quizlet' && (
          <>
            <SeparatorField
              label={t('import.termSeparator')}
              value={termSeparator}
              presets={[
                ['\t', t('import.sepTab')],
                [',', t('import.sepComma')],
              ]}
              onChange={edit(setTermSeparator)}
            />
            <SeparatorField
              label={t('import.rowSeparator')}
              value={rowSeparator}
              presets={[
                ['\n', t('import.sepNewLine')],
                [';', t('import.sepSemicolon')],
              ]}
              onChange={edit(setRowSeparator)}
            />
          </>
        )}
        <div className="field">
          <label htmlFor={`${id}-set`}>{t('import.targetSet')}</label>
          <select id={`${id}-set`} value={categoryId} onChange={(e) => edit(setCategoryId)(e.target.value)}>
            <option value="">{t('import.noSet')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </div>

      {preview && (
        <section className="stack cards-import-preview" aria-labelledby={`${id}-preview`} aria-live="polite">
          <h3 id={`${id}-preview`}>{t('import.preview')}</h3>
          <p>
            {errors.length > 0
              ? t('import.readyWithErrors', {
                  count: goodRows.length,
                  errors: t('import.errorRows', { count: errors.length }),
                })
              : t('import.ready', { count: goodRows.length })}
          </p>
          <DuplicatesChoice counts={preview.counts} choice={duplicates} onChange={setDuplicates} />
          {'reviews' in preview && (
            <p>
              {t('import.apkgSummary', {
                cards: t('import.apkgCards', { count: preview.cards }),
                reviews: t('import.apkgReviews', { count: preview.reviews }),
                images: t('import.apkgImages', { count: preview.images }),
                sounds: t('import.apkgSounds', { count: preview.sounds }),
              })}
            </p>
          )}
          {'skippedMedia' in preview && preview.skippedMedia.length > 0 && (
            <ul className="muted cards-import-skipped" aria-label={t('import.skippedMediaLabel')}>
              {preview.skippedMedia.map((file) => (
                <li key={file.name}>{t('import.skippedMedia', { name: file.name, reason: skippedReason(file) })}</li>
              ))}
            </ul>
          )}
          {errors.length > 0 && (
            <ul className="cards-import-errors" aria-label={t('import.errorsLabel')}>
              {errors.map((e) => (
                <li key={`${e.row}-${e.error}`}>{t('import.rowError', { row: e.row, error: e.error })}</li>
              ))}
            </ul>
          )}
          {goodRows.length > 0 && (
            <div className="cards-table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t('import.tableCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('import.columnRow')}</th>
                    <th scope="col">{t('import.columnQuestion')}</th>
                    <th scope="col">{t('import.columnAnswer')}</th>
                    <th scope="col">{t('import.columnTags')}</th>
                  </tr>
                </thead>
                <tbody>
                  {goodRows.slice(0, PREVIEW_ROWS).map((row) => (
                    <tr key={row.row}>
                      <td>{row.row.toLocaleString(language)}</td>
                      <td>{row.question}</td>
                      <td>{row.answer}</td>
                      <td>{row.tags ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {goodRows.length > PREVIEW_ROWS && (
                <p className="muted">{t('import.more', { more: goodRows.length - PREVIEW_ROWS })}</p>
              )}
            </div>
          )}
        </section>
      )}

      <div className="row cards-modal-actions">
        <button type="button" className="btn" onClick={onClose} disabled={busy === 'import'}>
          {t('import.cancel')}
        </button>
        <button type="button" className="btn" onClick={onPreview} disabled={(!text.trim() && !apkg) || busy !== null}>
          {busy === 'preview' ? t('import.checking') : t('import.preview')}
        </button>
        {preview && goodRows.length > 0 && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={onImport}
            disabled={busy !== null || toWrite === 0}
          >
            {busy === 'import' ? t('import.importing') : t('import.importCount', { count: toWrite })}
          </button>
        )}
      </div>
    </Modal>
  );
}

/** A separator as Quizlet offers it: a preset or the learner's own text. */
function SeparatorField({
  label,
  value,
  presets,
  onChange,
}: {
  label: string;
  value: string;
  presets: Array<[string, string]>;
  onChange: (value: string) => void;
}) {
  const { t } = useCardsLocale();
  const id = useId();
  const custom = !presets.some(([preset]) => preset === value);
  return (
    <div className="field">
      <label htmlFor={`${id}-choice`}>{label}</label>
      <div className="row cards-separator">
        <select
          id={`${id}-choice`}
          value={custom ? 'custom' : value}
          onChange={(e) => onChange(e.target.value === 'custom' ? '' : e.target.value)}
        >
          {presets.map(([preset, name]) => (
            <option key={name} value={preset}>
              {name}
            </option>
          ))}
          <option value="custom">{t('import.sepCustom')}</option>
        </select>
        {custom && (
          <input
            aria-label={t('import.sepCustomLabel', { field: label })}
            value={value}
            maxLength={10}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </div>
    </div>
  );
}
