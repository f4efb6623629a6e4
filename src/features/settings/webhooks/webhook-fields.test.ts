// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { eventLabel, webhookFieldErrors } from './webhook-fields';

const refusal = (message: string) =>
  new ApiError({ code: 'invalid_request', message, status: 400 });

describe('webhookFieldErrors', () => {
  it('puts each rule the gateway names beside its field, with the form’s label', () => {
    expect(
      webhookFieldErrors(
        refusal(
          'url points at 169.254.169.254, the cloud metadata address; description: at most 200 characters',
        ),
      ),
    ).toEqual({
      url: 'URL points at 169.254.169.254, the cloud metadata address',
      description: 'Description: at most 200 characters',
    });
  });

  it('reads a rule on an item of a list as the list’s', () => {
    expect(
      webhookFieldErrors(refusal('events.0: events must each be one of training.completed')),
    ).toEqual({ events: 'Events must each be one of training.completed' });
  });

  it('keeps the first message of a field, and ignores words that are no field', () => {
    expect(
      webhookFieldErrors(
        refusal('url must use http or https; url must be at most 2000 characters'),
      ),
    ).toEqual({ url: 'URL must use http or https' });
    expect(webhookFieldErrors(refusal('You may not change this webhook'))).toEqual({});
    expect(webhookFieldErrors(new Error('url is wrong'))).toEqual({});
  });

  it('takes the client’s own issues by their path', () => {
    const error = new ApiError({
      code: 'invalid_input',
      message: 'Invalid request',
      status: null,
      issues: [{ path: 'body.format', message: 'format must be one of standard, slack, discord' }],
    });
    expect(webhookFieldErrors(error)).toEqual({
      format: 'Format must be one of standard, slack, discord',
    });
  });
});

describe('eventLabel', () => {
  it('names known events in words and shows others as they came', () => {
    expect(eventLabel('training.completed')).toBe('Training completed');
    expect(eventLabel('webhook.test')).toBe('Test event');
    expect(eventLabel('budget.reached')).toBe('Budget 80 % or 100 % used');
    expect(eventLabel('quota.reached')).toBe('quota.reached');
  });
});
