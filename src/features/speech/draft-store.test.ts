import { describe, expect, it } from 'vitest';
import {
  clearSpeechDraft,
  emptySpeechDraft,
  initialSpeechValues,
  loadSpeechDraft,
  saveSpeechDraft,
} from './draft-store';
import type { SpeechFormValues } from './speech-form-schema';

const draft: SpeechFormValues = {
  text: 'Kept across reloads',
  voice_id: 'en_marcus',
  speed: 1.35,
  format: 'wav',
  sample_rate: 22050,
  mode: 'async',
};

describe('speech draft', () => {
  it('restores what was saved', () => {
    expect(loadSpeechDraft()).toBeNull();
    saveSpeechDraft(draft);
    expect(loadSpeechDraft()).toEqual(draft);
    clearSpeechDraft();
    expect(loadSpeechDraft()).toBeNull();
  });

  it('keeps the valid fields of a damaged draft and defaults the rest', () => {
    localStorage.setItem(
      'media-studio.speech.draft',
      JSON.stringify({ ...draft, speed: 9, format: 'flac' }),
    );
    expect(loadSpeechDraft()).toEqual({ ...draft, speed: 1, format: 'mp3' });
    localStorage.setItem('media-studio.speech.draft', '{not json');
    expect(loadSpeechDraft()).toBeNull();
  });

  it('defaults missing or mistyped fields, and reads nothing from a draft that is not an object', () => {
    localStorage.setItem(
      'media-studio.speech.draft',
      JSON.stringify({ text: 7, sample_rate: 22050.5, mode: 'async', extra: true }),
    );
    expect(loadSpeechDraft()).toEqual({ ...emptySpeechDraft, mode: 'async' });
    for (const saved of ['null', '[]', '"text"']) {
      localStorage.setItem('media-studio.speech.draft', saved);
      expect(loadSpeechDraft()).toBeNull();
    }
  });

  it('lets the URL voice win over the draft voice, and keeps the rest of the draft', () => {
    expect(initialSpeechValues(draft, 'fr_claire')).toEqual({ ...draft, voice_id: 'fr_claire' });
    expect(initialSpeechValues(draft, undefined)).toEqual(draft);
  });

  it('starts empty without a draft, with the URL voice when there is one', () => {
    expect(initialSpeechValues(null, undefined)).toEqual(emptySpeechDraft);
    expect(initialSpeechValues(null, 'en_aria').voice_id).toBe('en_aria');
  });
});
