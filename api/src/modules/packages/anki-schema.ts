// Anki's legacy collection (schema 11, `collection.anki2`), which every Anki 2.1.x, 23.x and 24.x
// imports: its tables as Anki's rslib/src/storage/schema11.sql defines them, and the JSON of the
// col row (conf, models, decks, dconf) for our note types and our sets as decks.

export const SCHEMA_VERSION = 11;

export const SCHEMA_11 = `
create table col (
  id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null,
  conf text not null, models text not null, decks text not null, dconf text not null, tags text not null
);
create table notes (
  id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null,
  csum integer not null, flags integer not null, data text not null
);
create table cards (
  id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null,
  due integer not null, ivl integer not null, factor integer not null, reps integer not null,
  lapses integer not null, left integer not null, odue integer not null, odid integer not null,
  flags integer not null, data text not null
);
create table revlog (
  id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null,
  type integer not null
);
create table graves (usn integer not null, oid integer not null, type integer not null);
create index ix_notes_usn on notes (usn);
create index ix_cards_usn on cards (usn);
create index ix_revlog_usn on revlog (usn);
create index ix_cards_nid on cards (nid);
create index ix_cards_sched on cards (did, queue, due);
create index ix_revlog_cid on revlog (cid);
create index ix_notes_csum on notes (csum);
`;

/** Anki's default deck: cards of no set go there (and our importer makes no set of it). */
export const DEFAULT_DECK_ID = 1;
/** Our note types' ids in the package (Anki matches note types by id and schema on import). */
export const MODEL_IDS = {
  basic: 1_700_000_000_001,
  reversed: 1_700_000_000_002,
  cloze: 1_700_000_000_003,
  occlusion: 1_700_000_000_004,
  typed: 1_700_000_000_010,
} as const;

const CSS =
  '.card {\n  font-family: arial;\n  font-size: 20px;\n  text-align: center;\n  color: black;\n  background-color: white;\n}\n';
const CLOZE_CSS = `${CSS}\n.cloze {\n  font-weight: bold;\n  color: blue;\n}\n.nightMode .cloze {\n  color: lightblue;\n}\n`;
const LATEX_PRE =
  '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n';
const LATEX_POST = '\\end{document}';

const field = (name: string, ord: number) => ({
  name,
  ord,
  sticky: false,
  rtl: false,
  font: 'Arial',
  size: 20,
  description: '',
  media: [],
});
const template = (name: string, ord: number, qfmt: string, afmt: string) => ({
  name,
  ord,
  qfmt,
  afmt,
  bqfmt: '',
  bafmt: '',
  did: null,
  bfont: '',
  bsize: 0,
});
const answerOf = (side: string) => `{{FrontSide}}\n\n<hr id=answer>\n\n{{${side}}}`;

function model(id: number, name: string, type: 0 | 1, mod: number, flds: unknown[], tmpls: unknown[], req: unknown[]) {
  return {
    id,
    name,
    type,
    mod,
    usn: 0,
    sortf: 0,
    did: DEFAULT_DECK_ID,
    tmpls,
    flds,
    css: type === 1 ? CLOZE_CSS : CSS,
    latexPre: LATEX_PRE,
    latexPost: LATEX_POST,
    latexsvg: false,
    req,
    tags: [],
    vers: [],
  };
}

// Image Occlusion templates: Anki's own script (`anki.imageOcclusion.setup`) draws the masks of
// the hidden `cloze:Occlusion` field on a canvas over the image; these element ids are what it uses.
const OCCLUSION_FRONT = `{{#Header}}<div>{{Header}}</div>{{/Header}}
<div style="display: none">{{cloze:Occlusion}}</div>
<div id="image-occlusion-container">
    {{Image}}
    <canvas id="image-occlusion-canvas"></canvas>
</div>
<script>anki.imageOcclusion.setup();</script>
`;
const OCCLUSION_BACK = `${OCCLUSION_FRONT}
{{#Back Extra}}<div>{{Back Extra}}</div>{{/Back Extra}}
`;
/** Anki's Image Occlusion fields, in order. */
export const OCCLUSION_FIELDS = ['Occlusion', 'Image', 'Header', 'Back Extra', 'Comments'] as const;

/**
 * col.models: Basic, "Basic (and reversed card)", Cloze, Image Occlusion and "Basic (type in the
 * answer)", as Anki's stock note types.
 */
export function models(mod: number): Record<string, unknown> {
  const basicFields = [field('Front', 0), field('Back', 1)];
  const card1 = template('Card 1', 0, '{{Front}}', answerOf('Back'));
  return {
    [MODEL_IDS.basic]: model(MODEL_IDS.basic, 'Basic', 0, mod, basicFields, [card1], [[0, 'any', [0]]]),
    [MODEL_IDS.reversed]: model(
      MODEL_IDS.reversed,
      'Basic (and reversed card)',
      0,
      mod,
      basicFields,
      [card1, template('Card 2', 1, '{{Back}}', answerOf('Front'))],
      [
        [0, 'any', [0]],
        [1, 'any', [1]],
      ],
    ),
    [MODEL_IDS.cloze]: model(
      MODEL_IDS.cloze,
      'Cloze',
      1,
      mod,
      [field('Text', 0), field('Back Extra', 1)],
      [template('Cloze', 0, '{{cloze:Text}}', '{{cloze:Text}}<br>\n{{Back Extra}}')],
      [[0, 'any', [0]]],
    ),
    // originalStockKind 6: Anki knows it as its own Image Occlusion type (and updates it so).
    [MODEL_IDS.occlusion]: {
      ...model(
        MODEL_IDS.occlusion,
        'Image Occlusion',
        1,
        mod,
        OCCLUSION_FIELDS.map((name, ord) => field(name, ord)),
        [template('Image Occlusion', 0, OCCLUSION_FRONT, OCCLUSION_BACK)],
        [[0, 'any', [0]]],
      ),
      originalStockKind: 6,
    },
    [MODEL_IDS.typed]: model(
      MODEL_IDS.typed,
      'Basic (type in the answer)',
      0,
      mod,
      basicFields,
      [template('Card 1', 0, '{{Front}}\n\n{{type:Back}}', '{{Front}}\n\n<hr id=answer>\n\n{{type:Back}}')],
      [[0, 'any', [0]]],
    ),
  };
}

/** One deck of col.decks (a normal deck on options group 1). */
export function deck(id: number, name: string, mod: number) {
  return {
    id,
    name,
    mod,
    usn: 0,
    lrnToday: [0, 0],
    revToday: [0, 0],
    newToday: [0, 0],
    timeToday: [0, 0],
    collapsed: false,
    browserCollapsed: false,
    desc: '',
    dyn: 0,
    conf: 1,
    extendNew: 0,
    extendRev: 0,
  };
}

/** col.dconf: Anki's default options group. */
export function deckConfigs(mod: number): Record<string, unknown> {
  return {
    1: {
      id: 1,
      name: 'Default',
      mod,
      usn: 0,
      maxTaken: 60,
      autoplay: true,
      timer: 0,
      replayq: true,
      dyn: false,
      new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
      rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
      lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
    },
  };
}

/** col.conf: the collection's settings. */
export function collectionConfig(nextPos: number): Record<string, unknown> {
  return {
    activeDecks: [DEFAULT_DECK_ID],
    curDeck: DEFAULT_DECK_ID,
    newSpread: 0,
    collapseTime: 1200,
    timeLim: 0,
    estTimes: true,
    dueCounts: true,
    curModel: MODEL_IDS.basic,
    nextPos,
    sortType: 'noteFld',
    sortBackwards: false,
    addToCur: true,
  };
}
