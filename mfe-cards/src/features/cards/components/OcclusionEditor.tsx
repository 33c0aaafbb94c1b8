// The image occlusion editor: the note's image with its masks, drawn by dragging on the image or
// added with "Add mask", each a button named by its number that the keyboard moves (arrows),
// resizes (Shift+arrows) and deletes (Delete); the list under it names every mask. It edits the
// note's question text (occlusion.ts of the contract: the image, one Anki cloze per mask, the
// header), so what is saved is what the preview and the study screens show.
import { useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  IMAGE_TYPES,
  mediaApi,
  occlusionText,
  parseOcclusion,
  OCCLUSION_MAX_MASKS,
  type OcclusionMask,
} from '@flashcard/api-contract';
import { useMediaUrl } from '@flashcard/shared-ui';
import { useCardsText } from '../../../i18n';

const IMAGE_ACCEPT = Object.keys(IMAGE_TYPES).join(',');
/** One arrow key press: 1% of the image; a new mask's size; the smallest a mask gets. */
const STEP = 0.01;
const NEW_SIZE = { width: 0.2, height: 0.1 };
const MIN_SIZE = 0.02;

/** A stored file's name as words, the image's first description ("cell-division.png" -> "cell division"). */
export const altOf = (name: string) => name.replace(/\.[a-z0-9]+$/, '').replace(/[-_]+/g, ' ');

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;
type Box = Pick<OcclusionMask, 'left' | 'top' | 'width' | 'height'>;
/** A box in percentages of the image: where a mask is placed, and how the list words it. */
const boxStyle = ({ left, top, width, height }: Box) => ({
  left: percent(left),
  top: percent(top),
  width: percent(width),
  height: percent(height),
});

interface OcclusionEditorProps {
  question: string;
  onChange: (question: string) => void;
  /** The id the form's message about the image or masks has, when it has one. */
  errorId?: string;
}

export function OcclusionEditor({ question, onChange, errorId }: OcclusionEditorProps) {
  const t = useCardsText();
  const id = useId();
  const note = useMemo(() => parseOcclusion(question), [question]);
  const { masks } = note;
  // The mode of the next mask while there is none; otherwise the masks' own (Anki keeps it per mask).
  const [hideAllChoice, setHideAllChoice] = useState(true);
  const hideAll = masks.length > 0 ? masks.every((mask) => mask.hideAll) : hideAllChoice;
  const [uploading, setUploading] = useState(false);
  const [draft, setDraft] = useState<{ x: number; y: number; left: number; top: number } | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const maskButtons = useRef<Array<HTMLButtonElement | null>>([]);
  const addButton = useRef<HTMLButtonElement>(null);
  const dragging = useRef<{ index: number; x: number; y: number; mask: OcclusionMask } | null>(null);
  const localUrl = useMediaUrl(note.image && !/^https:/i.test(note.image) ? note.image : null);
  const source = note.image && /^https:/i.test(note.image) ? note.image : localUrl;

  const write = (changes: Partial<typeof note>) => onChange(occlusionText({ ...note, ...changes }));
  const setMasks = (next: OcclusionMask[]) => write({ masks: next });
  const nextOrd = () => Math.max(0, ...masks.map((mask) => mask.ord)) + 1;
  const focusMask = (index: number) => requestAnimationFrame(() => maskButtons.current[index]?.focus());

  function addMask(box: Box) {
    if (masks.length >= OCCLUSION_MAX_MASKS) return;
    setMasks([...masks, { ord: nextOrd(), hideAll, ...box }]);
    focusMask(masks.length);
  }

  function removeMask(index: number) {
    setMasks(masks.filter((_, at) => at !== index));
    // Focus stays in the masks: the next one, else the one before, else Add mask.
    if (masks.length > 1) focusMask(Math.min(index, masks.length - 2));
    else requestAnimationFrame(() => addButton.current?.focus());
  }

  function changeMask(index: number, change: (mask: OcclusionMask) => Partial<OcclusionMask>) {
    setMasks(masks.map((mask, at) => (at === index ? { ...mask, ...change(mask) } : mask)));
  }

  function onMaskKey(event: KeyboardEvent, index: number) {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      removeMask(index);
      return;
    }
    const [dx, dy] = ARROWS[event.key] ?? [0, 0];
    if (dx === 0 && dy === 0) return;
    event.preventDefault();
    if (event.shiftKey) changeMask(index, (mask) => resized(mask, mask.width + dx * STEP, mask.height + dy * STEP));
    else changeMask(index, (mask) => moved(mask, mask.left + dx * STEP, mask.top + dy * STEP));
  }

  /** The pointer's place as fractions of the image. */
  function at(event: PointerEvent): { x: number; y: number } | null {
    const box = stage.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return null;
    return {
      x: clamp((event.clientX - box.left) / box.width, 0, 1),
      y: clamp((event.clientY - box.top) / box.height, 0, 1),
    };
  }

  // Dragging on the image draws a mask; dragging a mask moves it.
  function onStageDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || event.target !== event.currentTarget.querySelector('img')) return;
    const point = at(event);
    if (!point) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDraft({ x: point.x, y: point.y, left: point.x, top: point.y });
  }
  function onStageMove(event: PointerEvent<HTMLDivElement>) {
    const point = at(event);
    if (!point) return;
    if (draft) setDraft({ ...draft, x: point.x, y: point.y });
    const drag = dragging.current;
    if (drag)
      changeMask(drag.index, (mask) =>
        moved(mask, drag.mask.left + point.x - drag.x, drag.mask.top + point.y - drag.y),
      );
  }
  function onStageUp() {
    dragging.current = null;
    if (!draft) return;
    setDraft(null);
    const box = boxOf(draft);
    if (box.width >= MIN_SIZE && box.height >= MIN_SIZE) addMask(box);
  }
  function onMaskDown(event: PointerEvent<HTMLButtonElement>, index: number) {
    const point = at(event);
    if (event.button !== 0 || !point) return;
    stage.current?.setPointerCapture(event.pointerId);
    dragging.current = { index, x: point.x, y: point.y, mask: masks[index]! };
  }

  async function chooseImage(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const stored = await mediaApi.upload(file, file.name);
      write({ image: stored.name, alt: altOf(stored.name) });
    } catch {
      // The client showed the server's reason (type, size, quota); the image stays as it was.
    } finally {
      setUploading(false);
    }
  }

  function setMode(all: boolean) {
    setHideAllChoice(all);
    if (masks.length > 0) setMasks(masks.map((mask) => ({ ...mask, hideAll: all })));
  }

  const keysId = `${id}-keys`;
  const drawn = draft && boxOf(draft);
  return (
    <div className="occlusion-editor">
      <div className="row cards-add-image-row">
        <label className={`btn btn-small btn-secondary cards-add-image${uploading ? ' is-busy' : ''}`}>
          {uploading ? t('form.uploadingImage') : note.image ? t('occlusion.replaceImage') : t('occlusion.chooseImage')}
          <input
            type="file"
            className="visually-hidden"
            accept={IMAGE_ACCEPT}
            disabled={uploading}
            aria-describedby={[`${id}-image-hint`, errorId].filter(Boolean).join(' ')}
            data-occlusion-image
            onChange={(e) => {
              void chooseImage(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        <span id={`${id}-image-hint`} className="muted cards-hint">
          {t('occlusion.imageHint')}
        </span>
      </div>
      {note.image ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-alt`}>{t('occlusion.alt')}</label>
            <input id={`${id}-alt`} value={note.alt} onChange={(e) => write({ alt: e.target.value })} />
          </div>
          <p id={keysId} className="muted cards-hint">
            {t('occlusion.keysHint')}
          </p>
          <div
            ref={stage}
            className={`occlusion-editor-stage${draft ? ' is-drawing' : ''}`}
            role="group"
            aria-label={t('occlusion.stage')}
            onPointerDown={onStageDown}
            onPointerMove={onStageMove}
            onPointerUp={onStageUp}
            onPointerCancel={onStageUp}
          >
            {source ? (
              <img src={source} alt={note.alt} draggable={false} />
            ) : (
              <div className="occlusion-editor-loading" />
            )}
            {masks.map((mask, index) => (
              <button
                key={index}
                ref={(element) => {
                  maskButtons.current[index] = element;
                }}
                type="button"
                className="occlusion-editor-mask"
                style={boxStyle(mask)}
                aria-label={t('occlusion.mask', { number: mask.ord })}
                aria-describedby={keysId}
                onKeyDown={(event) => onMaskKey(event, index)}
                onPointerDown={(event) => onMaskDown(event, index)}
              >
                <span aria-hidden="true">{mask.ord}</span>
              </button>
            ))}
            {drawn && <span className="occlusion-editor-draft" style={boxStyle(drawn)} />}
          </div>
          <div className="row occlusion-editor-tools">
            <button
              ref={addButton}
              type="button"
              className="btn btn-small"
              disabled={masks.length >= OCCLUSION_MAX_MASKS}
              aria-describedby={errorId}
              data-occlusion-add
              onClick={() => addMask({ ...NEW_SIZE, left: 0.5 - NEW_SIZE.width / 2, top: 0.5 - NEW_SIZE.height / 2 })}
            >
              {t('occlusion.addMask')}
            </button>
          </div>
          <h4 id={`${id}-masks`} className="occlusion-editor-heading">
            {t('occlusion.masks', { number: masks.length })}
          </h4>
          {masks.length === 0 ? (
            <p className="muted cards-hint">{t('occlusion.noMasks')}</p>
          ) : (
            <ol className="occlusion-editor-list" aria-labelledby={`${id}-masks`}>
              {masks.map((mask, index) => (
                <li key={index}>
                  <span>
                    <strong>{t('occlusion.mask', { number: mask.ord })}</strong>{' '}
                    <span className="muted">{t('occlusion.place', boxStyle(mask))}</span>
                  </span>
                  <button type="button" className="btn btn-small btn-danger" onClick={() => removeMask(index)}>
                    {t('occlusion.deleteMask', { number: mask.ord })}
                  </button>
                </li>
              ))}
            </ol>
          )}
        </>
      ) : (
        <p className="muted">{t('occlusion.noImage')}</p>
      )}
      <fieldset className="cards-duplicates occlusion-editor-mode">
        <legend>{t('occlusion.mode')}</legend>
        {[true, false].map((all) => (
          <label key={String(all)} className="cards-duplicates-option" htmlFor={`${id}-mode-${all}`}>
            <input
              id={`${id}-mode-${all}`}
              type="radio"
              name={`${id}-mode`}
              checked={hideAll === all}
              onChange={() => setMode(all)}
              aria-describedby={`${id}-mode-${all}-hint`}
            />
            <span>
              {all ? t('occlusion.hideAll') : t('occlusion.hideOne')}
              <span id={`${id}-mode-${all}-hint`} className="muted cards-hint occlusion-editor-mode-hint">
                {all ? t('occlusion.hideAllHint') : t('occlusion.hideOneHint')}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-header`}>{t('occlusion.header')}</label>
        <textarea
          id={`${id}-header`}
          rows={2}
          value={note.header}
          onChange={(e) => write({ header: e.target.value })}
        />
      </div>
    </div>
  );
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** A mask moved to `left`, `top`, kept whole inside the image. */
function moved(mask: OcclusionMask, left: number, top: number): Partial<OcclusionMask> {
  return { left: clamp(left, 0, 1 - mask.width), top: clamp(top, 0, 1 - mask.height) };
}

/** A mask resized to `width`, `height` from its top-left corner: no smaller than MIN_SIZE, stopping at the image's edge. */
function resized(mask: OcclusionMask, width: number, height: number): Partial<OcclusionMask> {
  return { width: clamp(width, MIN_SIZE, 1 - mask.left), height: clamp(height, MIN_SIZE, 1 - mask.top) };
}

/** The box between where a drag began and where the pointer is. */
function boxOf(draft: { x: number; y: number; left: number; top: number }) {
  return {
    left: Math.min(draft.left, draft.x),
    top: Math.min(draft.top, draft.y),
    width: Math.abs(draft.x - draft.left),
    height: Math.abs(draft.y - draft.top),
  };
}
