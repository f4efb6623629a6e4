import { isApiError } from '../../api/api-error';
import { budgetExceededCode } from '../../api/contract/usage-paths';

/**
 * The gateway's refusal of a start because a monthly budget is spent (HTTP 402): its message
 * says whose budget, what is committed and when trainings can start again. Null for any other
 * outcome.
 */
export function budgetRefusalOf(error: unknown): string | null {
  return isApiError(error) && (error.code === budgetExceededCode || error.status === 402)
    ? error.message
    : null;
}
