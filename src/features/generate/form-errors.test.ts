// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { issuesFromError, toFieldErrors } from './form-errors';

describe('toFieldErrors', () => {
  it('nests input errors and keeps the first message per field', () => {
    expect(
      toFieldErrors([
        { field: 'prompt', message: 'prompt must not be empty' },
        { field: 'inputs.video_url', message: 'first' },
        { field: 'inputs.video_url', message: 'second' },
      ]),
    ).toEqual({
      prompt: { type: 'validate', message: 'prompt must not be empty' },
      inputs: { video_url: { type: 'validate', message: 'first' } },
    });
  });
});

describe('issuesFromError', () => {
  const apiError = (message: string, issues: { path: string; message: string }[] = []) =>
    new ApiError({ code: 'invalid_request', message, status: 400, issues });

  it('places a service message that names a tool input on that input', () => {
    expect(issuesFromError(apiError('parameters.size: must be WIDTHxHEIGHT'), ['size'])).toEqual([
      { field: 'inputs.size', message: 'parameters.size: must be WIDTHxHEIGHT' },
    ]);
  });

  it('sends parameters the form does not show to the extra JSON', () => {
    expect(issuesFromError(apiError('parameters.num_images: must be a whole number'), [])).toEqual([
      { field: 'advancedJson', message: 'parameters.num_images: must be a whole number' },
    ]);
  });

  it('uses the client issues of a request refused before sending', () => {
    const error = apiError('Invalid request', [
      { path: 'prompt', message: 'prompt must not be empty' },
    ]);
    expect(issuesFromError(error, [])).toEqual([
      { field: 'prompt', message: 'prompt must not be empty' },
    ]);
  });

  it('leaves a message that names no field beside the form', () => {
    expect(issuesFromError(apiError('Too many requests'), [])).toEqual([]);
    expect(issuesFromError(new Error('parameters.size: x'), ['size'])).toEqual([]);
  });
});
