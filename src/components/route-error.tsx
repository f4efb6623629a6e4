import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorView } from './error-view';

/** The error boundary of every route: the page fails alone, the navigation stays usable. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryBoundary = useQueryErrorResetBoundary();

  useEffect(() => {
    queryBoundary.reset();
  }, [queryBoundary]);

  return (
    <ErrorView
      title="This page could not be shown"
      error={error}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
