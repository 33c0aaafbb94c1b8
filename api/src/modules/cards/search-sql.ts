// A parsed search (the contract's card-search.ts) as one SQL condition on `cards`, for SQLite and PostgreSQL.
// Every value the learner typed is a bound parameter; only fixed fragments are SQL text.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { computeDecayFactor, FSRS6_DEFAULT_DECAY, State } from 'ts-fsrs';
import { LEARN_AHEAD_MS, type Comparison, type SearchNode } from '@flashcard/api-contract/schemas';
import type { DialectName } from '../../db';
import { escapeLike } from '../../db/functions';
import { searchKey } from '../../db/search-text';
import { dayStarts } from '../../lib/local-time';
import { localDayNumber, toTimestamp } from '../../lib/time';

export interface SearchContext {
  userId: number;
  dialect: DialectName;
  now: Date;
  /** The learner's time zone: prop:due counts their days. */
  timeZone: string;
  /** FSRS-6's decay (w[20]) for prop:r: the learner's own weights', the default weights' when absent. */
  decay?: number;
}

// Between the stored text's fields (db/search-text.ts): question, answer, tags.
const SEPARATOR = '\u001f';

/** `text` as a LIKE pattern (any case folded in JavaScript), `*` matching anything, as in Anki. */
function likePattern(text: string): string {
  return escapeLike(searchKey(text)).replace(/\*/g, '%');
}

/**
 * The card's tags as `,a,b::c,` from its search text (lower-cased in JavaScript, so every
 * alphabet folds as the query does): the third field, spaces around commas dropped.
 */
function tagList(dialect: DialectName): RawBuilder<string> {
  const text = sql.ref('cards.search_text');
  const tags =
    dialect === 'postgres'
      ? sql`split_part(${text}, ${sql.lit(SEPARATOR)}, 3)`
      : sql`substr(substr(${text}, instr(${text}, char(31)) + 1), instr(substr(${text}, instr(${text}, char(31)) + 1), char(31)) + 1)`;
  return sql<string>`(',' || replace(replace(${tags}, ', ', ','), ' ,', ',') || ',')`;
}

function compare(left: RawBuilder<unknown>, op: Comparison, right: unknown): RawBuilder<SqlBool> {
  return sql<SqlBool>`${left} ${sql.raw(op === '!=' ? '<>' : op)} ${right}`;
}

const NOT_NEW = sql<SqlBool>`cards.state <> ${State.New}`;

/** Whole days since the last review (floored, at least 0), as ts-fsrs counts them for R. */
function elapsedDays(context: SearchContext): RawBuilder<number> {
  const now = toTimestamp(context.now);
  return context.dialect === 'postgres'
    ? sql<number>`greatest(0, floor(extract(epoch from (${now}::timestamptz - cards.last_review::timestamptz)) / 86400))`
    : sql<number>`max(0, cast(julianday(${now}) - julianday(cards.last_review) as integer))`;
}

/**
 * prop:r op x, with R = (1 + FACTOR t/S)^DECAY falling as t grows: R < x exactly when
 * t > S (x^(1/DECAY) - 1) / FACTOR, so the database compares days with a multiple of the
 * stability and computes no power. A card never reviewed has no R and matches nothing.
 */
function retrievability(op: Comparison, x: number, context: SearchContext): RawBuilder<SqlBool> {
  const { decay, factor } = computeDecayFactor(context.decay ?? FSRS6_DEFAULT_DECAY);
  // x = 0: no elapsed time brings R to 0; a huge multiple stands for infinity.
  const k = x <= 0 ? 1e12 : (Math.pow(x, 1 / decay) - 1) / factor;
  const flipped: Record<Comparison, Comparison> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=', '!=': '!=' };
  return sql<SqlBool>`(${NOT_NEW} and cards.last_review is not null and cards.stability > 0 and ${compare(
    elapsedDays(context),
    flipped[op],
    sql`${k} * cards.stability`,
  )})`;
}

/** Whether the search asks for prop:r (which needs the learner's decay). */
export function usesRetrievability(node: SearchNode): boolean {
  switch (node.type) {
    case 'prop':
      return node.property === 'r';
    case 'not':
      return usesRetrievability(node.node);
    case 'and':
    case 'or':
      return node.nodes.some(usesRetrievability);
    default:
      return false;
  }
}

/** prop:due op n: the card's due day against today + n in the learner's days (not new cards). */
function dueDays(op: Comparison, days: number, context: SearchContext): RawBuilder<SqlBool> {
  const target = localDayNumber(context.now, context.timeZone) + days;
  const [start, end] = dayStarts(context.timeZone, target, target).map((ms) => toTimestamp(new Date(ms)));
  const due = sql.ref('cards.due');
  const condition: Record<Comparison, RawBuilder<SqlBool>> = {
    '<': sql`${due} < ${start}`,
    '<=': sql`${due} < ${end}`,
    '>': sql`${due} >= ${end}`,
    '>=': sql`${due} >= ${start}`,
    '=': sql`(${due} >= ${start} and ${due} < ${end})`,
    '!=': sql`(${due} < ${start} or ${due} >= ${end})`,
  };
  return sql<SqlBool>`(${NOT_NEW} and ${due} is not null and ${condition[op]})`;
}

function isCondition(value: Extract<SearchNode, { type: 'is' }>['value'], context: SearchContext) {
  const now = toTimestamp(context.now);
  switch (value) {
    case 'new':
      return sql<SqlBool>`cards.state = ${State.New}`;
    case 'learn':
      return sql<SqlBool>`cards.state in (${State.Learning}, ${State.Relearning})`;
    case 'review':
      // As Anki: relearning cards are review cards too.
      return sql<SqlBool>`cards.state in (${State.Review}, ${State.Relearning})`;
    case 'due': {
      const learnAhead = toTimestamp(new Date(context.now.getTime() + LEARN_AHEAD_MS));
      return sql<SqlBool>`((cards.state = ${State.Review} and cards.due <= ${now}) or (cards.state in (${State.Learning}, ${State.Relearning}) and cards.due <= ${learnAhead}))`;
    }
    case 'suspended':
      return sql<SqlBool>`cards.suspended = ${sql.lit(context.dialect === 'postgres' ? true : 1)}`;
    case 'buried':
      return sql<SqlBool>`(cards.buried_until is not null and cards.buried_until > ${now})`;
    case 'leech':
      return sql<SqlBool>`${tagList(context.dialect)} like ${'%,leech,%'}`;
  }
}

/** The condition a search puts on `cards` (rows of context.userId only: the caller scopes the query). */
export function searchCondition(node: SearchNode, context: SearchContext): Expression<SqlBool> {
  switch (node.type) {
    case 'text':
      return sql<SqlBool>`cards.search_text like ${`%${likePattern(node.text)}%`} escape '\\'`;
    case 'tag': {
      // The tag itself or a child (tag::child); `*` may stand for any part.
      const pattern = likePattern(node.tag);
      const list = tagList(context.dialect);
      return sql<SqlBool>`(${list} like ${`%,${pattern},%`} escape '\\' or ${list} like ${`%,${pattern}::%`} escape '\\')`;
    }
    case 'set':
      return sql<SqlBool>`cards.category_id in (select categories.id from categories where categories.user_id = ${context.userId} and categories.name_key like ${likePattern(node.name.normalize('NFC'))} escape '\\')`;
    case 'is':
      return isCondition(node.value, context);
    case 'prop':
      switch (node.property) {
        case 'ivl':
          return sql<SqlBool>`(${NOT_NEW} and ${compare(sql.ref('cards.scheduled_days'), node.op, node.value)})`;
        case 'lapses':
          return compare(sql.ref('cards.lapses'), node.op, node.value);
        case 'reps':
          return compare(sql.ref('cards.repetitions'), node.op, node.value);
        case 'due':
          return dueDays(node.op, node.value, context);
        case 'r':
          return retrievability(node.op, node.value, context);
      }
      break;
    case 'not':
      // A NULL inside (a column that is null) must not make NOT NULL: coalesce to false first.
      return sql<SqlBool>`not coalesce(${searchCondition(node.node, context)}, ${sql.lit(false)})`;
    case 'and':
    case 'or':
      return sql<SqlBool>`(${sql.join(
        node.nodes.map((child) => searchCondition(child, context)),
        sql.raw(` ${node.type} `),
      )})`;
  }
  throw new Error('searchCondition: unknown node');
}
