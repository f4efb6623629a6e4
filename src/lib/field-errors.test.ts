// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { fieldErrorsFrom } from './field-errors';

const fields = ['text', 'voice_id', 'speed'] as const;

describe('fieldErrorsFrom', () => {
  it('reads the field a service message starts with', () => {
    const error = new ApiError({
      code: 'invalid_request',
      message: 'voice_id: no voice named "x" in the catalog',
      status: 400,
    });
    expect(fieldErrorsFrom(error, fields)).toEqual({
      voice_id: 'no voice named "x" in the catalog',
    });
  });

  it('uses the client’s issues, and ignores fields the form does not have', () => {
    const error = new ApiError({
      code: 'invalid_input',
      message: 'Invalid request for POST /v1/t2a: text: text must not be empty.',
      status: null,
      issues: [
        { path: 'text', message: 'text must not be empty' },
        { path: 'body', message: 'something else' },
      ],
    });
    expect(fieldErrorsFrom(error, fields)).toEqual({ text: 'text must not be empty' });
  });

  it('finds nothing in other failures', () => {
    expect(fieldErrorsFrom(new Error('text: nope'), fields)).toEqual({});
    expect(
      fieldErrorsFrom(
        new ApiError({ code: 'network_error', message: 'offline', status: null }),
        fields,
      ),
    ).toEqual({});
  });
});

describe('fieldErrorsFrom on training names', () => {
  it('puts a refused name on the name field', () => {
    const error = new ApiError({
      code: 'invalid_request',
      message: 'name: a voice named "ada" already exists (train_1); names are permanent',
      status: 400,
    });
    expect(fieldErrorsFrom(error, ['name', 'dataset'] as const)).toEqual({
      name: 'a voice named "ada" already exists (train_1); names are permanent',
    });
  });
});
