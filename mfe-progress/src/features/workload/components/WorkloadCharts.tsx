// The Workload panel's two SVG charts. Each is one image to assistive technology (role="img" with
// a summary) and has a table of its numbers beside it. Lines are drawn in an inner SVG whose
// viewBox is the data (stretched to the width, strokes kept thin by non-scaling-stroke), while
// text and marks sit in the outer SVG at percentages, so the text keeps its size at any width.
import type { Workload } from '@flashcard/api-contract';
import { useProgressText } from '../../../i18n';
import { formatNumber, formatShortDate } from '../../progress/chart-data';
import { curveX, dayAfter, formatRetention } from '../workload-data';

const TOP = 20;
const AXIS = 22;

const round = (n: number) => Math.round(n * 100) / 100;

/** 'M0,10 L1,8 ...' of the values, y flipped so that 0 is at the bottom (`max`). */
function linePath(values: number[], max: number): string {
  return values.map((value, index) => `${index === 0 ? 'M' : 'L'}${index},${round(max - value)}`).join(' ');
}

export function DailyChart({ workload, today, summary }: { workload: Workload; today: string; summary: string }) {
  const t = useProgressText();
  const values = workload.daily.reviews;
  const height = 180;
  const baseline = height - AXIS;
  const plot = baseline - TOP;
  const max = Math.max(1, ...values);
  const span = Math.max(1, values.length - 1);
  // A label on each first of the month after today; every other one is left out on narrow screens.
  const labels: Array<{ index: number; text: string; minor: boolean }> = [
    { index: 0, text: t('chart.today'), minor: false },
  ];
  let months = 0;
  for (let index = 1; index < values.length; index++) {
    const date = dayAfter(today, index);
    if (date.endsWith('-01') && index > 10 && index < values.length - 10) {
      months++;
      labels.push({ index, text: formatShortDate(date), minor: months % 2 === 1 });
    }
  }
  return (
    <svg className="workload-chart" role="img" aria-label={summary} width="100%" height={height} focusable="false">
      <g className="progress-chart-grid">
        <line x1="0" x2="100%" y1={TOP} y2={TOP} />
        <line x1="0" x2="100%" y1={round(TOP + plot / 2)} y2={round(TOP + plot / 2)} />
      </g>
      <text className="progress-chart-scale" x="100%" y={TOP - 6} textAnchor="end">
        {t('workload.scaleReviews', { value: formatNumber(Math.round(max)) })}
      </text>
      <svg x="0" y={TOP} width="100%" height={plot} viewBox={`0 0 ${span} ${max}`} preserveAspectRatio="none">
        <path className="workload-area" d={`${linePath(values, max)} L${span},${max} L0,${max} Z`} />
        <path className="workload-line" d={linePath(values, max)} vectorEffect="non-scaling-stroke" />
      </svg>
      <line className="progress-chart-axis" x1="0" x2="100%" y1={baseline} y2={baseline} />
      {labels.map(({ index, text, minor }) => {
        const x = round((index / span) * 100);
        return (
          <text
            key={index}
            className={minor ? 'progress-chart-label workload-label-minor' : 'progress-chart-label'}
            x={`${x}%`}
            y={baseline + 16}
            textAnchor={index === 0 ? 'start' : 'middle'}
          >
            {text}
          </text>
        );
      })}
    </svg>
  );
}

/** Minutes a day across the curve's retentions, with the learner's target, the chosen retention and the most efficient one marked. */
export function CurveChart({ workload, chosen, summary }: { workload: Workload; chosen: number; summary: string }) {
  const t = useProgressText();
  const height = 200;
  const baseline = height - AXIS;
  const plot = baseline - TOP;
  const minutes = workload.curve.map((point) => point.minutesPerDay);
  const max = Math.max(0.1, ...minutes);
  const path = workload.curve
    .map(
      (point, index) =>
        `${index === 0 ? 'M' : 'L'}${round(curveX(point.retention))},${round(max - point.minutesPerDay)}`,
    )
    .join(' ');
  const mark = (retention: number, className: string) => (
    <line
      className={className}
      x1={`${round(curveX(retention))}%`}
      x2={`${round(curveX(retention))}%`}
      y1={TOP - 4}
      y2={baseline}
    />
  );
  const efficientPoint = workload.curve.find((point) => point.retention === workload.efficient);
  return (
    <svg className="workload-chart" role="img" aria-label={summary} width="100%" height={height} focusable="false">
      <g className="progress-chart-grid">
        <line x1="0" x2="100%" y1={TOP} y2={TOP} />
        <line x1="0" x2="100%" y1={round(TOP + plot / 2)} y2={round(TOP + plot / 2)} />
      </g>
      <text className="progress-chart-scale" x="100%" y={TOP - 6} textAnchor="end">
        {t('workload.scaleMinutes', { value: formatNumber(Math.round(max * 10) / 10) })}
      </text>
      {mark(workload.target, 'workload-mark-target')}
      {mark(chosen, 'workload-mark-chosen')}
      <svg x="0" y={TOP} width="100%" height={plot} viewBox={`0 0 100 ${max}`} preserveAspectRatio="none">
        <path className="workload-line" d={path} vectorEffect="non-scaling-stroke" />
      </svg>
      {efficientPoint && (
        <circle
          className="workload-mark-efficient"
          cx={`${round(curveX(efficientPoint.retention))}%`}
          cy={round(TOP + ((max - efficientPoint.minutesPerDay) / max) * plot)}
          r="5"
        />
      )}
      <line className="progress-chart-axis" x1="0" x2="100%" y1={baseline} y2={baseline} />
      {[0.7, 0.8, 0.9, 0.99].map((retention, index) => (
        <text
          key={retention}
          className="progress-chart-label"
          x={`${round(curveX(retention))}%`}
          y={baseline + 16}
          textAnchor={index === 0 ? 'start' : index === 3 ? 'end' : 'middle'}
        >
          {formatRetention(retention)}
        </text>
      ))}
    </svg>
  );
}
