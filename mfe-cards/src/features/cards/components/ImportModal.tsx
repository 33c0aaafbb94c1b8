import { useId, useState, type ChangeEvent } from 'react';
import { toast } from 'react-hot-toast';
import { cardsApi, type Category, type ImportFormat, type ImportResult } from '@flashcard/api-contract';
import { MESSAGES, plural } from '../messages';
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
export function ImportModal({ categories, defaultCategoryId = null, onImported, onClose }: ImportModalProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [format, setFormat] = useState<'' | ImportFormat>('');
  const [categoryId, setCategoryId] = useState(defaultCategoryId == null ? '' : String(defaultCategoryId));
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState<'reading' | 'preview' | 'import' | null>(null);

  const input = () => ({
    text,
    ...(format ? { format } : {}),
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
    setBusy('reading');
    try {
      edit(setText)(await readFile(file));
    } catch (err) {
      console.error('Could not read the file', err);
      toast.error(`Could not read ${file.name}`);
    } finally {
      setBusy(null);
    }
  }

  async function onPreview() {
    setBusy('preview');
    try {
      setPreview(await cardsApi.importCards({ ...input(), dryRun: true }));
    } catch {
      toast.error(MESSAGES.previewFailed);
    } finally {
      setBusy(null);
    }
  }

  async function onImport() {
    setBusy('import');
    try {
      const result = await cardsApi.importCards(input());
      const skipped = result.errors?.length ?? 0;
      toast.success(`Imported ${plural(result.imported, 'card')}${skipped ? ` (${plural(skipped, 'row')} skipped)` : ''}`);
      onImported(result);
      onClose();
    } catch {
      toast.error(MESSAGES.importFailed);
      setBusy(null);
    }
  }

  const goodRows = preview?.rows ?? [];
  const errors = preview?.errors ?? [];
  return (
    <Modal title="Import cards" onClose={onClose} busy={busy === 'import'} wide>
      <p className="muted">
        One card per line: question, answer and optional tags. A header line <code>question,answer,tags</code> is
        skipped.
      </p>
      <div className="field">
        <label htmlFor={`${id}-text`}>Paste CSV or tab-separated text</label>
        <textarea
          id={`${id}-text`}
          data-autofocus
          className="cards-import-text"
          value={text}
          onChange={(e) => edit(setText)(e.target.value)}
          spellCheck={false}
        />
      </div>
      <div className="cards-form-grid">
        <div className="field">
          <label htmlFor={`${id}-file`}>Upload a .csv or .txt file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
            onChange={onFile}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-format`}>Format</label>
          <select
            id={`${id}-format`}
            value={format}
            onChange={(e) => edit(setFormat)(e.target.value as '' | ImportFormat)}
          >
            <option value="">Detect automatically</option>
            <option value="csv">CSV (comma-separated)</option>
            <option value="tsv">Tab-separated</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-set`}>Import into set</label>
          <select id={`${id}-set`} value={categoryId} onChange={(e) => edit(setCategoryId)(e.target.value)}>
            <option value="">No set</option>
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
          <h3 id={`${id}-preview`}>Preview</h3>
          <p>
            {`${plural(goodRows.length, 'card')} ready to import`}
            {errors.length > 0 && `, ${plural(errors.length, 'row')} with errors`}
          </p>
          {errors.length > 0 && (
            <ul className="cards-import-errors" aria-label="Rows with errors">
              {errors.map((e) => (
                <li key={`${e.row}-${e.error}`}>{`Row ${e.row}: ${e.error}`}</li>
              ))}
            </ul>
          )}
          {goodRows.length > 0 && (
            <div className="cards-table-wrap">
              <table className="table">
                <caption className="visually-hidden">Cards to import</caption>
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">Question</th>
                    <th scope="col">Answer</th>
                    <th scope="col">Tags</th>
                  </tr>
                </thead>
                <tbody>
                  {goodRows.slice(0, PREVIEW_ROWS).map((row) => (
                    <tr key={row.row}>
                      <td>{row.row}</td>
                      <td>{row.question}</td>
                      <td>{row.answer}</td>
                      <td>{row.tags ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {goodRows.length > PREVIEW_ROWS && (
                <p className="muted">{`...and ${goodRows.length - PREVIEW_ROWS} more`}</p>
              )}
            </div>
          )}
        </section>
      )}

      <div className="row cards-modal-actions">
        <button type="button" className="btn" onClick={onClose} disabled={busy === 'import'}>
          Cancel
        </button>
        <button type="button" className="btn" onClick={onPreview} disabled={!text.trim() || busy !== null}>
          {busy === 'preview' ? 'Checking...' : 'Preview'}
        </button>
        {preview && goodRows.length > 0 && (
          <button type="button" className="btn btn-primary" onClick={onImport} disabled={busy !== null}>
            {busy === 'import' ? 'Importing...' : `Import ${plural(goodRows.length, 'card')}`}
          </button>
        )}
      </div>
    </Modal>
  );
}
