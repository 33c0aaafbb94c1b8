// fsrs_parameters rows -> the contract's OptimizerStatus.
import type { OptimizerStatus } from '@flashcard/api-contract/schemas';
import type { ParametersRow } from './repository';

export function presentStatus(input: {
  row: ParametersRow | undefined;
  reviewCount: number;
  minimumReviews: number;
  running: boolean;
  suggested: boolean;
}): OptimizerStatus {
  const { row } = input;
  const fitted = row?.fitted_at && row.parameters ? row : undefined;
  return {
    reviewCount: input.reviewCount,
    minimumReviews: input.minimumReviews,
    suggested: input.suggested,
    running: input.running,
    result: fitted
      ? {
          fittedAt: fitted.fitted_at!,
          reviewCount: fitted.review_count,
          default: { logLoss: Number(fitted.default_log_loss), rmse: Number(fitted.default_rmse) },
          fitted: { logLoss: Number(fitted.fitted_log_loss), rmse: Number(fitted.fitted_rmse) },
          inUse: Boolean(fitted.in_use),
          parameters: JSON.parse(fitted.parameters!) as number[],
        }
      : null,
  };
}
