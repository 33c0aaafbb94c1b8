import {
  cellTitle,
  dayToUtc,
  formatRate,
  formatWeekday,
  heatLegend,
  heatLevel,
  heatmapLayout,
  monthlyTotals,
  summarizeForecast,
  summarizeWeek,
} from './chart-data';
import { analyticsDays, WEEK } from './testing/fixtures';

describe('days', () => {
  it('reads API days as calendar days, whatever the browser zone', () => {
    expect(dayToUtc('2025-01-31')).toBe(Date.UTC(2025, 0, 31));
    expect(dayToUtc('31/01/2025')).toBeNaN();
    expect(formatWeekday('2025-01-31')).toBe('Fri');
    expect(formatWeekday('2025-02-02')).toBe('Sun');
  });

  it.each([
    [85.7, '86%'],
    [0, '0%'],
    [100, '100%'],
    [null, '–'],
  ])('rate %p reads %s', (rate, text) => {
    expect(formatRate(rate)).toBe(text);
  });
});

describe('heat levels and legend', () => {
  it.each([
    [0, 12, 0],
    [1, 12, 1],
    [3, 12, 1],
    [4, 12, 2],
    [9, 12, 3],
    [10, 12, 4],
    [12, 12, 4],
    [1, 1, 4],
    [5, 0, 0],
  ])('%i reviews with a busiest day of %i is level %i', (reviews, max, level) => {
    expect(heatLevel(reviews, max)).toBe(level);
  });

  it('names each level by its range, and none for a level no day can reach', () => {
    expect(heatLegend(12)).toEqual(['No reviews', '1-3 reviews', '4-6 reviews', '7-9 reviews', '10-12 reviews']);
    expect(heatLegend(2)).toEqual(['No reviews', null, '1 review', null, '2 reviews']);
    expect(heatLegend(0)).toEqual(['No reviews', null, null, null, null]);
    // Every count lands on a level whose legend names it.
    for (const max of [1, 2, 5, 7, 12, 40]) {
      const legend = heatLegend(max);
      for (let n = 1; n <= max; n += 1) expect(legend[heatLevel(n, max)]).not.toBeNull();
    }
  });

  it('titles a cell with its date and reviews', () => {
    expect(cellTitle({ date: '2024-06-11', reviews: 12 })).toBe('2024-06-11: 12 reviews');
    expect(cellTitle({ date: '2024-06-12', reviews: 1 })).toBe('2024-06-12: 1 review');
    expect(cellTitle({ date: '2024-06-13', reviews: 0 })).toBe('2024-06-13: 0 reviews');
    expect(cellTitle({ date: '2024-06-14', reviews: 1234 })).toBe('2024-06-14: 1,234 reviews');
    // Another day with a count seen before gets its own date.
    expect(cellTitle({ date: '2024-06-15', reviews: 12 })).toBe('2024-06-15: 12 reviews');
  });
});

describe('heatmapLayout', () => {
  it('starts a column on each Sunday and puts a month name over its first full week', () => {
    // Thu 2024-05-30 .. Sun 2024-07-07
    const layout = heatmapLayout(analyticsDays('2024-07-07', 39));
    expect(layout.cells[0]).toMatchObject({ date: '2024-05-30', column: 0, row: 4 });
    expect(layout.cells.find((c) => c.date === '2024-06-02')).toMatchObject({ column: 1, row: 0 });
    expect(layout.cells[layout.cells.length - 1]).toMatchObject({ date: '2024-07-07', column: 6, row: 0 });
    expect(layout.columns).toBe(7);
    // May has no full week here and would collide with June: dropped. July starts on column 6.
    expect(layout.months).toEqual([
      { label: 'Jun', column: 1 },
      { label: 'Jul', column: 6 },
    ]);
  });

  it('is empty for no days', () => {
    expect(heatmapLayout([])).toEqual({ cells: [], columns: 0, max: 0, months: [] });
  });

  it('totals reviews and active days per month', () => {
    const days = analyticsDays('2024-07-02', 5, { '2024-06-29': 3, '2024-06-30': 2, '2024-07-02': 4 });
    expect(monthlyTotals(days)).toEqual([
      { month: 'June 2024', reviews: 5, activeDays: 2 },
      { month: 'July 2024', reviews: 4, activeDays: 1 },
    ]);
  });
});

describe('summaries', () => {
  it('summarise a week and a forecast, or say there is nothing', () => {
    expect(summarizeWeek(WEEK, 82.2)).toBe(
      'Reviews per day over the last 7 days: 45 reviews in total, 82% success rate. Busiest day: Fri, Jan 31 with 20 reviews.',
    );
    expect(summarizeWeek(analyticsDays('2025-01-31', 7), null)).toBe('No reviews in the last 7 days.');
    expect(
      summarizeForecast([
        { date: '2025-01-31', due: 0 },
        { date: '2025-02-01', due: 1 },
      ]),
    ).toBe(
      'Cards due over the next 2 days: 0 due today (overdue included), 1 in total. Busiest day: Sat, Feb 1 with 1 card.',
    );
    expect(summarizeForecast([{ date: '2025-01-31', due: 0 }])).toBe('No cards due in the next 1 day.');
  });
});
