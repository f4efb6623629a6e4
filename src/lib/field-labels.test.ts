import { describe, expect, it } from 'vitest';
import { labelledErrors, labelledMessage } from './field-labels';

const labels = { voice_id: 'Voice', 'parameters.image_url': 'Image URL', name: 'Name' };

describe('labelledMessage', () => {
  it('names the field at the start of a message by its label', () => {
    expect(labelledMessage('voice_id must not be empty', labels)).toBe('Voice must not be empty');
    expect(labelledMessage('parameters.image_url is required by tool t', labels)).toBe(
      'Image URL is required by tool t',
    );
    expect(labelledMessage('voice_id: no voice named "x"', labels)).toBe(
      'Voice: no voice named "x"',
    );
  });

  it('leaves other words, other fields and longer names alone', () => {
    for (const message of [
      'the voice_id must not be empty',
      'text must not be empty',
      'voice_ids must be a list',
      'names must be unique',
      'parameters.image_urls must be a list',
      '',
    ])
      expect(labelledMessage(message, labels)).toBe(message);
  });
});

describe('labelledErrors', () => {
  it('labels nested messages and keeps each field’s element', () => {
    const ref = { focus: () => undefined };
    const errors = {
      voice_id: { type: 'too_small', message: 'voice_id must not be empty', ref },
      parameters: { image_url: { type: 'custom', message: 'parameters.image_url is required' } },
      list: [{ type: 'custom', message: 'name must use lowercase letters' }],
    };
    const labelled = labelledErrors(errors, labels);
    expect(labelled).toEqual({
      voice_id: { type: 'too_small', message: 'Voice must not be empty', ref },
      parameters: { image_url: { type: 'custom', message: 'Image URL is required' } },
      list: [{ type: 'custom', message: 'Name must use lowercase letters' }],
    });
    expect(labelled.voice_id.ref).toBe(ref);
    // The errors react-hook-form holds are not changed in place.
    expect(errors.voice_id.message).toBe('voice_id must not be empty');
  });
});
