import { render, screen, within } from '@testing-library/react';
import { analytics, analyticsDays, WEEK, WEEK_ANALYTICS } from '../testing/fixtures';
import { ActivityHeatmapBody } from './ActivityHeatmap';
import { ForecastChartBody } from './ForecastChart';
import { WeeklyChartBody } from './WeeklyChart';

const heightOf = (rect: Element) => Number(rect.getAttribute('height'));
const bars = (svg: Element) => Array.from(svg.querySelectorAll('.progress-chart-bar'));
const texts = (svg: Element, className: string) =>
  Array.from(svg.querySelectorAll(`.${className}`)).map((t) => t.textContent);

describe('weekly chart', () => {
  it('draws one bar per day, as tall as its reviews, with the day names and success rates under them', () => {
    render(<WeeklyChartBody analytics={WEEK_ANALYTICS} />);
    const svg = screen.getByRole('img', { name: /^Reviews per day/ });

    const rects = bars(svg);
    expect(rects.map((r) => Number(r.getAttribute('data-value')))).toEqual([0, 5, 10, 2, 0, 8, 20]);
    const tallest = heightOf(rects[6]);
    expect(tallest).toBeGreaterThan(100);
    // Heights are proportional to the reviews (20 is the busiest day).
    rects.forEach((rect, i) => expect(heightOf(rect)).toBeCloseTo((WEEK[i].reviews / 20) * tallest, 1));
    expect(heightOf(rects[0])).toBe(0);
    // Bars stand on one baseline.
    const bottoms = rects.map((r) => Number(r.getAttribute('y')) + heightOf(r));
    expect(new Set(bottoms).size).toBe(1);

    expect(texts(svg, 'progress-chart-label')).toEqual(['Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Today']);
    expect(texts(svg, 'progress-chart-value')).toEqual(['0', '5', '10', '2', '0', '8', '20']);
    expect(texts(svg, 'progress-chart-sublabel')).toEqual(['–', '80%', '90%', '50%', '–', '75%', '85%']);
    expect(svg.querySelectorAll('title')[6].textContent).toBe('Fri, Jan 31: 20 reviews, 85% success rate');
  });

  it('has a summary as its accessible name and a table of the numbers', () => {
    render(<WeeklyChartBody analytics={WEEK_ANALYTICS} />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Reviews per day over the last 7 days: 45 reviews in total, 82% success rate. Busiest day: Fri, Jan 31 with 20 reviews.',
    );
    expect(screen.getByText('45 reviews · 82% success rate')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Reviews and success rate per day, last 7 days' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(7);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['0', 'No reviews'],
      ['5', '80%'],
      ['10', '90%'],
      ['2', '50%'],
      ['0', 'No reviews'],
      ['8', '75%'],
      ['20', '85%'],
    ]);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('Sat, Jan 25');
  });

  it('says so when the week has no reviews, with flat bars', () => {
    render(<WeeklyChartBody analytics={analytics(analyticsDays('2025-01-31', 7))} />);
    expect(screen.getByRole('img')).toHaveAccessibleName('No reviews in the last 7 days.');
    expect(screen.getByText('No reviews in the last 7 days.', { selector: 'p' })).toBeInTheDocument();
    expect(bars(screen.getByRole('img')).map(heightOf)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('due forecast', () => {
  // Fri 2025-01-31 (today) .. Sat 2025-03-01.
  const days = analyticsDays('2025-03-01', 30).map((day, index) => ({ date: day.date, due: [5, 0, 9][index] ?? 1 }));

  it('draws 30 bars sized by the cards due, naming today and every 7th day', () => {
    render(<ForecastChartBody days={days} />);
    const svg = screen.getByRole('img');
    expect(svg).toHaveAccessibleName(
      'Cards due over the next 30 days: 5 due today (overdue included), 41 in total. Busiest day: Sun, Feb 2 with 9 cards.',
    );
    const rects = bars(svg);
    expect(rects).toHaveLength(30);
    expect(heightOf(rects[2])).toBeGreaterThan(heightOf(rects[0]));
    expect(heightOf(rects[0])).toBeCloseTo((5 / 9) * heightOf(rects[2]), 1);
    expect(heightOf(rects[1])).toBe(0);
    expect(texts(svg, 'progress-chart-label')).toEqual(['Today', 'Feb 7', 'Feb 14', 'Feb 21', 'Feb 28']);
    // No value per bar here; the top gridline is labelled with the busiest day's count.
    expect(texts(svg, 'progress-chart-value')).toEqual([]);
    expect(texts(svg, 'progress-chart-scale')).toEqual(['9']);
    expect(svg.querySelectorAll('title')[0].textContent).toBe('Today: 5 cards due (overdue included)');
    expect(svg.querySelectorAll('title')[2].textContent).toBe('Sun, Feb 2: 9 cards due');
    expect(screen.getByText('5 due today · 41 over the next 30 days')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(31);
  });
});

describe('review heatmap', () => {
  // 2024-02-02 (a Friday) .. 2025-01-31 (a Friday): 365 days.
  const year = analyticsDays('2025-01-31', 365, {
    '2024-06-11': 12,
    '2024-12-25': 1,
    '2025-01-31': 6,
    '2024-02-03': 4,
  });

  it('has a cell per day in week columns and weekday rows, each with its date and reviews as title', () => {
    const { container } = render(<ActivityHeatmapBody days={year} />);
    const cells = Array.from(container.querySelectorAll('rect[data-date]'));
    expect(cells).toHaveLength(365);

    const cell = (date: string) => container.querySelector(`rect[data-date="${date}"]`)!;
    expect(cell('2024-06-11').querySelector('title')).toHaveTextContent(/^2024-06-11: 12 reviews$/);
    expect(cell('2024-12-25').querySelector('title')).toHaveTextContent(/^2024-12-25: 1 review$/);
    expect(cell('2024-06-12').querySelector('title')).toHaveTextContent(/^2024-06-12: 0 reviews$/);

    // Levels in quarters of the busiest day (12).
    expect(cell('2024-06-11')).toHaveAttribute('data-level', '4');
    expect(cell('2025-01-31')).toHaveAttribute('data-level', '2');
    expect(cell('2024-02-03')).toHaveAttribute('data-level', '2');
    expect(cell('2024-12-25')).toHaveAttribute('data-level', '1');
    expect(cell('2024-06-12')).toHaveAttribute('data-level', '0');
    expect(cell('2024-06-11')).toHaveClass('progress-heat-4');

    // Friday 2024-02-02 is in the first column, sixth row; Saturday under it; Sunday starts column 2.
    const at = (date: string) => [Number(cell(date).getAttribute('x')), Number(cell(date).getAttribute('y'))];
    const [x0, yFri] = at('2024-02-02');
    const [xSat, ySat] = at('2024-02-03');
    const [xSun, ySun] = at('2024-02-04');
    expect(xSat).toBe(x0);
    expect(ySat).toBeGreaterThan(yFri);
    expect(xSun).toBeGreaterThan(x0);
    expect(ySun).toBeLessThan(yFri);
    // 53 week columns: the last day is 52 columns right of the first, on the same row.
    const [xLast, yLast] = at('2025-01-31');
    expect(yLast).toBe(yFri);
    expect((xLast - x0) / (xSun - x0)).toBe(52);
  });

  it('summarises the year, labels months and weekdays, and has a legend and a monthly table', () => {
    const { container } = render(<ActivityHeatmapBody days={year} />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Review activity over the last 365 days: 23 reviews on 4 days. Busiest day: Tue, Jun 11 with 12 reviews.',
    );
    expect(screen.getByText('23 reviews on 4 days in the last 365 days')).toBeInTheDocument();

    const labels = Array.from(container.querySelectorAll('.progress-heatmap text')).map((t) => t.textContent);
    expect(labels).toEqual(expect.arrayContaining(['Mon', 'Wed', 'Fri', 'Mar', 'Jun', 'Dec', 'Jan']));

    const legend = container.querySelector('.progress-heat-legend')!;
    expect(legend).toHaveTextContent('Less');
    expect(legend).toHaveTextContent('More');
    expect(Array.from(legend.querySelectorAll('title')).map((t) => t.textContent)).toEqual([
      'No reviews',
      '1-3 reviews',
      '4-6 reviews',
      '7-9 reviews',
      '10-12 reviews',
    ]);

    const table = screen.getByRole('table', { name: /per month/ });
    const june = within(table).getByRole('row', { name: /June 2024/ });
    expect(
      within(june)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12', '1']);
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 12); // the header, then Feb 2024 .. Jan 2025
  });
});
