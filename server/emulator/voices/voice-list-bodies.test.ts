import { describe, expect, it } from 'vitest';
import { createVoiceListBodies } from './voice-list-bodies';

describe('voice list bodies', () => {
  it('builds a body once per key and revision, and again when the revision changes', async () => {
    const bodies = createVoiceListBodies();
    let builds = 0;
    const build = (text: string) => async () => {
      builds += 1;
      return `{"data":${text},"trace_id":`;
    };
    const json = async (key: string, revision: string, traceId: string, text: string) =>
      JSON.parse((await bodies.body(key, revision, traceId, build(text))).toString()) as unknown;

    expect(await json('a', '0:0', 't1', '1')).toEqual({ data: 1, trace_id: 't1' });
    expect(await json('a', '0:0', 't2', 'not used')).toEqual({ data: 1, trace_id: 't2' });
    expect(builds).toBe(1);
    expect(await json('b', '0:0', 't3', '2')).toEqual({ data: 2, trace_id: 't3' });
    expect(await json('a', '1:0', 't4', '3')).toEqual({ data: 3, trace_id: 't4' });
    expect(await json('a', '1:0', 't5', 'not used')).toEqual({ data: 3, trace_id: 't5' });
    expect(builds).toBe(3);
  });

  it('encodes the trace id as JSON, whatever it holds', async () => {
    const bodies = createVoiceListBodies();
    const body = await bodies.body('k', 'r', 'quote " and é', async () => '{"trace_id":');
    expect(JSON.parse(body.toString('utf8'))).toEqual({ trace_id: 'quote " and é' });
  });
});
