// SQL behind the insights: how well the learner remembers, by card difficulty, by set, by card
// and by hour of day. Every query is scoped to one user and aggregates in the database.
// "Remembered" = any rating above Again (ts-fsrs rating > 1).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { RATING_AGAIN } from '../dashboard';
import type { OffsetSpan } from '../../lib/local-time';
import { toTimestamp } from '../../lib/time';
import { isQuarterStart, nextQuarterStart } from '../../db/day-bounds';
import { readOffThread } from '../../db';

export interface RetentionGroup {
  difficulty_level: number;
  category_id: number | null;
  /** The set's name; null for unfiled cards. */
  name: string | null;
  reviews: number;
  remembered: number;
}

export interface HardCard {
  id: number;
  question: string;
  lapses: number;
  reviews: number;
  againCount: number;
}

export interface QuarterHourCount {
  /** Index into the offset spans the query was given. */
  span: number;
  /** UTC quarter hour of the day, 0-95. */
  quarter: number;
  reviews: number;
  remembered: number;
}

/** One log's share of `remembered`. */
const rememberedOne = sql<number>`case when rating > ${RATING_AGAIN} then 1 else 0 end`;

export class InsightsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Everything the insights read per card: reviews and remembered reviews per (difficulty, set)
   * of the reviewed cards as they are now (retention_groups, kept by triggers: migration 0025,
   * a few rows), and the `hardestLimit` cards forgotten most (by lapses, i.e. forgotten after
   * being learned, then by Again ratings of any kind; Again = reviews - remembered): the first
   * entries of an index over the per-card totals (card_review_totals with each card's lapses,
   * migrations 0017 and 0023). One statement.
   */
  async cardStatistics(
    userId: number,
    hardestLimit: number,
  ): Promise<{ groups: RetentionGroup[]; hardest: HardCard[] }> {
    const statement = sql<{
      kind: 'group' | 'card';
      difficulty_level: number | null;
      category_id: number | null;
      name: string | null;
      reviews: number;
      remembered: number;
      id: number | null;
      question: string | null;
      lapses: number | null;
    }>`
      select 'group' as kind, groups.difficulty_level,
        case when groups.category_key = 0 then null else groups.category_key end as category_id, categories.name,
        groups.reviews, groups.remembered,
        cast(null as integer) as id, cast(null as text) as question, cast(null as integer) as lapses
      from retention_groups as groups
      left join categories on categories.id = groups.category_key and categories.user_id = ${userId}
      where groups.user_id = ${userId} and groups.reviews > 0
      union all
      select 'card' as kind, cast(null as integer) as difficulty_level, cast(null as integer) as category_id,
        cast(null as text) as name,
        hardest.reviews, hardest.remembered, hardest.card_id as id, cards.question, hardest.lapses
      from (
        -- Typed nulls above: PostgreSQL would make an untyped null in a subquery text. The
        -- order is card_review_totals_user_hardest_idx's; only these cards' questions are read.
        select reviews, remembered, card_id, lapses
        from card_review_totals
        where user_id = ${userId} and (lapses > 0 or remembered < reviews)
        order by lapses desc, reviews - remembered desc, card_id
        limit ${sql.lit(hardestLimit)}
      ) as hardest
      join cards on cards.id = hardest.card_id and cards.user_id = ${userId}
    `;
    // On SQLite's reader thread, so other requests go on.
    const rows = await readOffThread(this.db, { compile: () => statement.compile(this.db) });

    const groups: RetentionGroup[] = [];
    const hardest: HardCard[] = [];
    for (const row of rows) {
      const reviews = Number(row.reviews);
      const rememberedCount = Number(row.remembered);
      if (row.kind === 'group') {
        groups.push({
          difficulty_level: Number(row.difficulty_level),
          category_id: row.category_id === null ? null : Number(row.category_id),
          name: row.name ?? null,
          reviews,
          remembered: rememberedCount,
        });
      } else {
        hardest.push({
          id: Number(row.id),
          question: row.question ?? '',
          lapses: Number(row.lapses),
          reviews,
          againCount: reviews - rememberedCount,
        });
      }
    }
    // UNION ALL keeps no order across its parts: restore the hardest-first order.
    hardest.sort((a, b) => b.lapses - a.lapses || b.againCount - a.againCount || a.id - b.id);
    return { groups, hardest };
  }

  /**
   * Reviews since `since` per UTC quarter hour of the day, within each span of constant UTC
   * offset (the spans must cover them all): exactly what the service needs to place every
   * review in its local hour (offsets are whole quarter hours), with text functions both
   * databases share on the stored ISO timestamps. Whole quarter hours come from the learner's
   * quarter-hour counts (review_quarters), only the part of the first one after `since` from
   * the logs; all from the logs should an offset change fall inside a quarter hour.
   */
  async reviewsByQuarterHour(userId: number, since: string, spans: OffsetSpan[]): Promise<QuarterHourCount[]> {
    const spanOf = (column: string) =>
      spans.length <= 1
        ? sql<number>`0`
        : sql<number>`case ${sql.join(
            spans
              .slice(0, -1)
              .map(
                (item, index) =>
                  sql`when ${sql.ref(column)} < ${new Date(item.end).toISOString()} then ${sql.lit(index)}`,
              ),
            sql` `,
          )} else ${sql.lit(spans.length - 1)} end`;
    // The UTC time of day, 'HH:MM', grouped on as text and made a quarter hour below: one
    // substr a row instead of two, two casts and the arithmetic (a third of the query's time).
    const timeOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 12, 5)`;
    const quarters = spans.slice(0, -1).every((span) => isQuarterStart(span.end));
    // From here on, whole quarter hours (the quarter-hour table); before it, the logs.
    const wholeFrom = quarters ? toTimestamp(new Date(nextQuarterStart(Date.parse(since)))) : null;
    let logs = this.db
      .selectFrom('review_logs')
      .select([
        spanOf('reviewed_at').as('span'),
        timeOf('reviewed_at').as('time'),
        sql<number>`1`.as('reviews'),
        rememberedOne.as('remembered'),
      ])
      .where('user_id', '=', userId)
      .where('reviewed_at', '>=', since);
    if (wholeFrom !== null) logs = logs.where('reviewed_at', '<', wholeFrom);
    const parts =
      wholeFrom === null
        ? logs
        : logs.unionAll(
            this.db
              .selectFrom('review_quarters')
              .select([spanOf('quarter').as('span'), timeOf('quarter').as('time'), 'reviews', 'remembered'])
              .where('user_id', '=', userId)
              .where('quarter', '>=', wholeFrom),
          );
    const rows = await readOffThread(
      this.db,
      this.db
        .selectFrom(parts.as('counted'))
        .select((eb) => [
          'counted.span',
          'counted.time',
          eb.fn.sum<number>('counted.reviews').as('reviews'),
          eb.fn.sum<number>('counted.remembered').as('remembered'),
        ])
        .groupBy(['counted.span', 'counted.time']),
    );
    // A log's time has any minute: the minutes of one quarter hour are added up here.
    const counts = new Map<string, QuarterHourCount>();
    for (const row of rows) {
      const span = Number(row.span);
      const quarter = Number(row.time.slice(0, 2)) * 4 + Math.floor(Number(row.time.slice(3, 5)) / 15);
      const count = counts.get(`${span}:${quarter}`) ?? { span, quarter, reviews: 0, remembered: 0 };
      count.reviews += Number(row.reviews);
      count.remembered += Number(row.remembered);
      counts.set(`${span}:${quarter}`, count);
    }
    return [...counts.values()];
  }
}
