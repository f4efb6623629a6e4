import { jobTimes, type JobTimes, type JobView } from './board-model';
import { useClock } from './clock';

/** The job's times, ticking every second while it may still change; fixed once settled. */
export function useJobTimes(view: JobView): JobTimes {
  return jobTimes(view, useClock(!view.settled));
}
